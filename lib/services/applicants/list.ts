import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { schema, sideBySide } from "@/db";
import { checklistOf } from "../account/applicant";
import type { Ctx } from "../context";
import { containsPattern } from "../like";
import { offsetOf, pageMeta, type Page } from "../pagination";
import { parseInput } from "../validate";
import { assertSearchText } from "../users/list";
import { requireApplicantsOffice } from "./access";
import { RECENTLY_PROMOTED, applicantsListInput } from "./schemas";

/** One applicant as the office decides on it (issue 11: what the office needs to decide). */
export interface ApplicantRow {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  /** When the user registered (ISO 8601). */
  registered_at: string;
  email_verified: boolean;
  status: "active" | "deactivated";
  country: { id: number; name: string } | null;
  branches: { id: number; name: string }[];
  skills: string[];
  /** The documents uploaded, by state. */
  documents: { pending: number; approved: number; declined: number };
  /** The applicant checklist of the awaiting-approval dashboard (lib/services/account/applicant). */
  completeness: { done: number; total: number; missing: string[] };
  invited_by: { id: number; name: string } | null;
}

const inviter = alias(schema.users, "applicant_inviter");

/** Not yet approved and not archived: an applicant (issue 10 self-registration). */
export const isApplicant = and(eq(schema.users.approved, false), isNull(schema.users.deletedAt))!;

const u = schema.users;
const columns = {
  id: u.id,
  name: u.name,
  email: u.email,
  phone: u.phone,
  address: u.address,
  city: u.city,
  birthDate: u.birthDate,
  createdAt: u.createdAt,
  emailVerifiedAt: u.emailVerifiedAt,
  status: u.status,
  countryId: schema.countries.id,
  countryName: schema.countries.name,
  inviterId: inviter.id,
  inviterName: inviter.name,
  iban: schema.paymentSettings.iban,
  konto: schema.paymentSettings.konto,
  reg: schema.paymentSettings.reg,
  // Branches, skills and document counts from subselects: one query for the whole page.
  branches: sql<{ id: number; name: string }[] | null>`(select json_agg(json_build_object(
      'id', b.id, 'name', b.name) order by b.name)
    from user_branches ub join branches b on b.id = ub.branch_id where ub.user_id = ${u.id})`,
  skills: sql<string[] | null>`(select json_agg(s.name order by s.order, s.id)
    from user_skills us join skills s on s.id = us.skill_id
    where us.user_id = ${u.id} and s.deleted_at is null)`,
  skillCount: sql<number>`(select count(*)::int from user_skills us where us.user_id = ${u.id})`,
  documents: sql<{ pending: number; approved: number; declined: number }>`(select json_build_object(
      'pending', count(*) filter (where d.status = 'pending'),
      'approved', count(*) filter (where d.status = 'approved'),
      'declined', count(*) filter (where d.status = 'declined'))
    from documents d where d.user_id = ${u.id})`,
};

function searchWhere(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const p = containsPattern(search);
  return or(ilike(u.name, p), ilike(u.email, p), ilike(u.phone, p));
}

/**
 * GET applicants: registered users awaiting approval, the longest waiting first (an inbox is
 * worked from its oldest entry). Two queries a page (count, rows), whatever its size.
 */
export async function listApplicants(ctx: Ctx, raw: unknown): Promise<Page<ApplicantRow>> {
  requireApplicantsOffice(ctx);
  const filter = (raw as { filter?: unknown } | null)?.filter;
  if (filter && typeof filter === "object")
    assertSearchText((filter as { search?: unknown }).search, "filter.search");
  const input = parseInput(applicantsListInput, raw ?? {});
  const where = and(isApplicant, searchWhere(input.filter.search));
  const [[{ total }], rows] = await sideBySide(
    ctx.db,
    () => ctx.db.select({ total: count() }).from(u).where(where),
    () =>
      ctx.db
        .select(columns)
        .from(u)
        .leftJoin(schema.countries, eq(schema.countries.id, u.countryId))
        .leftJoin(inviter, eq(inviter.id, u.invitedById))
        .leftJoin(schema.paymentSettings, eq(schema.paymentSettings.userId, u.id))
        .where(where)
        .orderBy(asc(u.createdAt), asc(u.id))
        .limit(input.perPage)
        .offset(offsetOf(input.page, input.perPage)),
  );
  const items = rows.map((r): ApplicantRow => {
    const checklist = checklistOf({ ...r, skills: Number(r.skillCount) });
    const docs = r.documents ?? { pending: 0, approved: 0, declined: 0 };
    return {
      id: r.id,
      name: r.name,
      email: r.email,
      phone: r.phone,
      registered_at: new Date(r.createdAt).toISOString(),
      email_verified: r.emailVerifiedAt != null,
      status: r.status,
      country: r.countryId ? { id: r.countryId, name: r.countryName ?? "" } : null,
      branches: r.branches ?? [],
      skills: r.skills ?? [],
      documents: {
        pending: Number(docs.pending),
        approved: Number(docs.approved),
        declined: Number(docs.declined),
      },
      completeness: {
        done: checklist.filter((i) => i.done).length,
        total: checklist.length,
        missing: checklist.filter((i) => !i.done).map((i) => i.label),
      },
      invited_by: r.inviterId ? { id: r.inviterId, name: r.inviterName ?? "" } : null,
    };
  });
  return { items, meta: pageMeta(input.page, input.perPage, Number(total)) };
}

/** GET applicants/count: how many wait for approval (the menu badge). One query. */
export async function countApplicants(ctx: Ctx): Promise<{ count: number }> {
  requireApplicantsOffice(ctx);
  const [{ n }] = await ctx.db.select({ n: count() }).from(u).where(isApplicant);
  return { count: Number(n) };
}

export interface PromotedRow {
  id: number;
  name: string;
  email: string;
  approved_at: string;
  approved_by: { id: number; name: string } | null;
}

const approver = alias(schema.users, "applicant_approver");

/** GET applicants/recently-promoted: the last users approved, who approved them and when. */
export async function recentlyPromoted(ctx: Ctx): Promise<PromotedRow[]> {
  requireApplicantsOffice(ctx);
  const rows = await ctx.db
    .select({
      id: u.id,
      name: u.name,
      email: u.email,
      approvedAt: u.approvedAt,
      approverId: approver.id,
      approverName: approver.name,
    })
    .from(u)
    .leftJoin(approver, eq(approver.id, u.approvedById))
    .where(and(eq(u.approved, true), isNotNull(u.approvedAt), isNull(u.deletedAt)))
    .orderBy(desc(u.approvedAt), desc(u.id))
    .limit(RECENTLY_PROMOTED);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    approved_at: new Date(r.approvedAt!).toISOString(),
    approved_by: r.approverId ? { id: r.approverId, name: r.approverName ?? "" } : null,
  }));
}
