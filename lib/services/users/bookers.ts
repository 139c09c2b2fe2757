import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from "drizzle-orm";
import { NAME_MAX, NOTE_MAX, tooLongMessage } from "@/lib/domain/text-limits";
import { z } from "zod";
import { schema, sideBySide } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { queueMail } from "@/lib/mail";
import { logActivity } from "../activity";
import { requirePermission, requireUser, withTx, type Ctx } from "../context";
import { ValidationError } from "../errors";
import { loadJobInScope } from "../jobs/scope";
import { containsPattern } from "../like";
import { offsetOf, pageInput, pageMeta, type Page } from "../pagination";
import { idSchema, searchText } from "../params";
import { parseInput } from "../validate";
import { assertSearchText } from "./list";

export const searchBookersInput = pageInput(20).extend({
  userName: searchText,
  filter: z.object({ search: searchText }).optional().default({}),
});

export interface BookerOption {
  id: number;
  name: string;
  email: string;
}

/**
 * GET search-bookers: active users who may book crew (holders of jobs_book_workers or
 * can_request_worker), for the job form's booker field. A client contact is offered agency
 * staff and its own company's people only.
 */
export async function searchBookers(ctx: Ctx, raw: unknown): Promise<Page<BookerOption>> {
  requirePermission(ctx, "job_create", "job_edit", "can_select_job_booker");
  const actor = requireUser(ctx);
  const r = (raw ?? {}) as { userName?: unknown; filter?: { search?: unknown } };
  assertSearchText(r.userName, "userName");
  if (r.filter && typeof r.filter === "object") assertSearchText(r.filter.search, "filter.search");
  const input = parseInput(searchBookersInput, raw ?? {});
  const search = input.userName ?? input.filter.search;
  const holders = sql`exists (select 1 from user_roles ur
    join role_permissions rp on rp.role_id = ur.role_id
    join permissions p on p.id = rp.permission_id
    where ur.user_id = ${schema.users.id} and p.name in ('jobs_book_workers', 'can_request_worker'))`;
  const staff = sql`exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
    where ur.user_id = ${schema.users.id}
    and r.title in (${sql.join([ROLE.admin, ROLE.projectManager, ROLE.crewHandler], sql`, `)}))`;
  const where = and(
    isNull(schema.users.deletedAt),
    eq(schema.users.status, "active"),
    holders,
    actor.isClient
      ? or(actor.companyId ? eq(schema.users.companyId, actor.companyId) : sql`false`, staff)
      : undefined,
    search
      ? or(
          ilike(schema.users.name, containsPattern(search)),
          ilike(schema.users.email, containsPattern(search)),
        )
      : undefined,
  );
  const [[{ total }], items] = await sideBySide(
    ctx.db,
    () => ctx.db.select({ total: count() }).from(schema.users).where(where),
    () =>
      ctx.db
        .select({ id: schema.users.id, name: schema.users.name, email: schema.users.email })
        .from(schema.users)
        .where(where)
        .orderBy(asc(schema.users.name), asc(schema.users.id))
        .limit(input.perPage)
        .offset(offsetOf(input.page, input.perPage)),
  );
  return { items, meta: pageMeta(input.page, input.perPage, Number(total)) };
}

export const mailColAndPmInput = z.object({
  job_id: idSchema,
  subject: z
    .string({ error: "The subject field is required." })
    .trim()
    .min(1, "The subject field is required.")
    .max(NAME_MAX, tooLongMessage("subject", NAME_MAX)),
  message: z
    .string({ error: "The message field is required." })
    .trim()
    .min(1, "The message field is required.")
    .max(NOTE_MAX, tooLongMessage("message", NOTE_MAX)),
});

/**
 * POST sendMailToColAndPM: mails the job's contact on location and project manager (through
 * the outbox, in the same transaction as its activity-log row). The job must be in scope.
 */
export async function sendMailToColAndPM(ctx: Ctx, raw: unknown) {
  requirePermission(ctx, "job_view");
  const actor = requireUser(ctx);
  const input = parseInput(mailColAndPmInput, raw ?? {});
  return withTx(ctx, async (ctx) => {
    const job = await loadJobInScope(ctx, input.job_id);
    const ids = [job.contactOnLocationId, job.projectManagerId].filter(
      (id): id is number => id !== null,
    );
    const recipients = ids.length
      ? await ctx.db
          .select({ id: schema.users.id, email: schema.users.email, name: schema.users.name })
          .from(schema.users)
          .where(
            and(
              inArray(schema.users.id, [...new Set(ids)]),
              isNull(schema.users.deletedAt),
              eq(schema.users.status, "active"),
            ),
          )
      : [];
    if (!recipients.length)
      throw new ValidationError("This job has no contact on location or project manager to mail.", {
        job_id: ["This job has no contact on location or project manager to mail."],
      });
    for (const to of recipients)
      await queueMail(
        ctx.db,
        {
          to: to.email,
          subject: input.subject,
          text: `${input.message}\n\n— ${actor.name} (${actor.email}), about the job "${job.name}".`,
          template: "job-contact",
        },
        ctx.now,
      );
    await logActivity(ctx, {
      logName: "jobs",
      description: "mailed contact on location and project manager",
      subjectType: "jobs",
      subjectId: job.id,
      properties: { subject: input.subject, to: recipients.map((r) => r.id) },
    });
    return { message: "Mail sent", recipients: recipients.map((r) => r.name) };
  });
}
