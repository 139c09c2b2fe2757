import { and, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { schema, sideBySide } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import type { Ctx } from "../context";
import { ValidationError, type FieldErrors } from "../errors";

/**
 * Checks the ids a job payload refers to, with one query per kind whatever the number of
 * shifts, and collects every problem as a field error (422) instead of failing on the first.
 */
export class ReferenceCheck {
  readonly errors: FieldErrors = {};
  /**
   * What an edited job already has and may keep although it left the pickers since: its
   * country switched to not operational, branches archived on delete (never a broken job).
   */
  private kept: { countryId?: number; branchIds: number[] } = { branchIds: [] };
  constructor(readonly ctx: Ctx) {}

  keepExisting(kept: { countryId: number; branchIds: number[] }) {
    this.kept = kept;
  }

  fail(field: string, message: string) {
    (this.errors[field] ??= []).push(message);
  }

  throwIfAny(message = "The given data was invalid.") {
    if (Object.keys(this.errors).length)
      throw new ValidationError(Object.values(this.errors)[0][0] ?? message, this.errors);
  }

  async company(id: number) {
    const [row] = await this.ctx.db
      .select({
        id: schema.companies.id,
        name: schema.companies.name,
        countryId: schema.companies.countryId,
      })
      .from(schema.companies)
      .where(and(eq(schema.companies.id, id), isNull(schema.companies.deletedAt)));
    if (!row) this.fail("company_id", "The selected company does not exist.");
    return row ?? null;
  }

  async country(id: number) {
    const [row] = await this.ctx.db
      .select({
        id: schema.countries.id,
        timeZone: schema.countries.timeZone,
        operational: schema.countries.operational,
      })
      .from(schema.countries)
      .where(eq(schema.countries.id, id));
    if (!row) this.fail("country_id", "The selected country does not exist.");
    else if (!row.operational && row.id !== this.kept.countryId)
      this.fail("country_id", "The selected country is not operational.");
    return row ?? null;
  }

  /** The company and country of a job payload, both required to exist (422 otherwise). */
  async companyAndCountry(input: { company_id: number; country_id: number }) {
    const [company, country] = await sideBySide(
      this.ctx.db,
      () => this.company(input.company_id),
      () => this.country(input.country_id),
    );
    this.throwIfAny();
    return { company: company!, country: country! };
  }

  /** A venue the company may use: public, or its own and not declined. */
  async venue(id: number | undefined, companyId: number) {
    if (!id) return null;
    const [row] = await this.ctx.db
      .select()
      .from(schema.venues)
      .where(
        and(
          eq(schema.venues.id, id),
          isNull(schema.venues.deletedAt),
          or(
            eq(schema.venues.status, "public"),
            and(eq(schema.venues.companyId, companyId), ne(schema.venues.status, "declined")),
          ),
        ),
      );
    if (!row)
      this.fail(
        "venue_id",
        "The selected venue does not exist or may not be used by this company.",
      );
    return row ?? null;
  }

  /**
   * People picked on the job and its shifts: active, not archived. A project manager is
   * agency staff; a contact on location is staff or one of the company's own people.
   */
  async people(
    picks: { field: string; id: number | undefined; kind: "pm" | "col" | "booker" }[],
    companyId: number,
  ) {
    const ids = [
      ...new Set(picks.map((p) => p.id).filter((v): v is number => typeof v === "number")),
    ];
    if (!ids.length) return;
    const rows = await this.ctx.db
      .select({
        id: schema.users.id,
        companyId: schema.users.companyId,
        roles: sql<
          string[]
        >`coalesce(array_agg(${schema.roles.title}) filter (where ${schema.roles.title} is not null), '{}')`,
      })
      .from(schema.users)
      .leftJoin(schema.userRoles, eq(schema.userRoles.userId, schema.users.id))
      .leftJoin(schema.roles, eq(schema.roles.id, schema.userRoles.roleId))
      .where(
        and(
          inArray(schema.users.id, ids),
          isNull(schema.users.deletedAt),
          eq(schema.users.status, "active"),
        ),
      )
      .groupBy(schema.users.id);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const staff = (roles: string[]) =>
      roles.some((r) => r === ROLE.admin || r === ROLE.projectManager || r === ROLE.crewHandler);
    for (const p of picks) {
      if (!p.id) continue;
      const u = byId.get(p.id);
      if (!u) this.fail(p.field, "The selected person does not exist or is not active.");
      else if ((p.kind === "pm" || p.kind === "booker") && !staff(u.roles))
        this.fail(p.field, "The selected person is not agency staff.");
      else if (p.kind === "col" && !staff(u.roles) && u.companyId !== companyId) {
        this.fail(p.field, "The contact on location must work for the agency or for this company.");
      }
    }
  }

  async dressCodes(picks: { field: string; id: number | undefined }[]) {
    const ids = [
      ...new Set(picks.map((p) => p.id).filter((v): v is number => typeof v === "number")),
    ];
    if (!ids.length) return;
    const rows = await this.ctx.db
      .select({ id: schema.dressCodes.id })
      .from(schema.dressCodes)
      .where(inArray(schema.dressCodes.id, ids));
    const found = new Set(rows.map((r) => r.id));
    for (const p of picks)
      if (p.id && !found.has(p.id)) this.fail(p.field, "The selected dress code does not exist.");
  }

  async branches(ids: number[] | undefined) {
    if (!ids?.length) return;
    const rows = await this.ctx.db
      .select({ id: schema.branches.id })
      .from(schema.branches)
      .where(
        and(
          inArray(schema.branches.id, ids),
          this.kept.branchIds.length
            ? or(
                isNull(schema.branches.deletedAt),
                inArray(schema.branches.id, this.kept.branchIds),
              )
            : isNull(schema.branches.deletedAt),
        ),
      );
    const found = new Set(rows.map((r) => r.id));
    const missing = ids.filter((b) => !found.has(b));
    if (missing.length) this.fail("book_from_branches", `Unknown branch ${missing.join(", ")}.`);
  }

  /** Skills slots may use: live sub-skills (a skill with a parent) or top-level skills without children. */
  async skills(picks: { field: string; id: number }[]) {
    const ids = [...new Set(picks.map((p) => p.id))];
    if (!ids.length) return new Map<number, string>();
    const rows = await this.ctx.db
      .select({ id: schema.skills.id, name: schema.skills.name })
      .from(schema.skills)
      .where(and(inArray(schema.skills.id, ids), isNull(schema.skills.deletedAt)));
    const found = new Map(rows.map((r) => [r.id, r.name]));
    for (const p of picks)
      if (!found.has(p.id)) this.fail(p.field, "The selected skill does not exist.");
    return found;
  }
}

type Pick = { field: string; id: number | undefined };

/** The per-shift references of a job payload, named by the payload's own field paths. */
export interface ShiftReferences {
  pm: Pick;
  col: Pick;
  dresscode: Pick;
  skills: { field: string; id: number }[];
}

/**
 * Everything a job payload (create or edit) refers to beyond its company and country: venue,
 * people, dress codes, branches and skills, each kind in one query, every problem a field
 * error. Returns the venue the job may use.
 */
export async function checkJobReferences(
  check: ReferenceCheck,
  companyId: number,
  input: {
    venue_id?: number;
    project_manager_id?: number;
    contact_on_location_id?: number;
    booker_id?: number | null;
    dresscode_id?: number | null;
    book_from_branches?: number[];
  },
  shifts: ShiftReferences[],
) {
  const venue = await check.venue(input.venue_id, companyId);
  await sideBySide(
    check.ctx.db,
    () =>
      check.people(
        [
          { field: "project_manager_id", id: input.project_manager_id, kind: "pm" },
          { field: "contact_on_location_id", id: input.contact_on_location_id, kind: "col" },
          { field: "booker_id", id: input.booker_id ?? undefined, kind: "booker" },
          ...shifts.flatMap((s) => [
            { ...s.pm, kind: "pm" as const },
            { ...s.col, kind: "col" as const },
          ]),
        ],
        companyId,
      ),
    () =>
      check.dressCodes([
        { field: "dresscode_id", id: input.dresscode_id ?? undefined },
        ...shifts.map((s) => s.dresscode),
      ]),
    () => check.branches(input.book_from_branches),
    () => check.skills(shifts.flatMap((s) => s.skills)),
  );
  check.throwIfAny();
  return venue;
}
