import { sideBySide } from "@/db";
import { listCompanies } from "../companies/list";
import type { Ctx } from "../context";
import { levelOptions } from "../levels";
import { listSkills, preferredVenues } from "../reference";
import { parseId } from "../params";
import { requireQuoteOffice } from "./access";
import { quoteClientData } from "./client-data";

/**
 * What the quote form (/create-quote, /edit-quote/{id}) offers: the clients, the skills a line
 * is made of and the levels; once a client is chosen, its contacts, branches with currency and
 * priced skills (POST job-quotes/get-client-data) and the venues it may use. The office with
 * job_edit only, as the quote verbs.
 */
export async function quoteFormOptions(ctx: Ctx) {
  requireQuoteOffice(ctx);
  const [companies, skills, levels] = await sideBySide(
    ctx.db,
    () => listCompanies(ctx, { dropdown: true, perPage: 100 }),
    () => listSkills(ctx, {}),
    () => levelOptions(ctx.db),
  );
  const parents = new Map(skills.filter((s) => s.parent_id === null).map((s) => [s.id, s.name]));
  return {
    companies: companies.items.map((c) => ({ id: c.id, name: c.name })),
    // Lines are priced per skill; a sub-skill says its group ("Stage · Stagehand").
    skills: skills.map((s) => ({
      id: s.id,
      name: s.name,
      group: s.parent_id === null ? null : (parents.get(s.parent_id) ?? null),
    })),
    levels: levels.map((l) => ({ id: l.id, name: l.name })),
  };
}
export type QuoteFormOptions = Awaited<ReturnType<typeof quoteFormOptions>>;

/** The chosen client's part of the form: get-client-data and its venues. */
export async function quoteFormClient(ctx: Ctx, companyId: unknown) {
  requireQuoteOffice(ctx);
  const id = parseId(companyId, "Company");
  const [client, venues] = await sideBySide(
    ctx.db,
    () => quoteClientData(ctx, { company_id: id }),
    () => preferredVenues(ctx, { company_id: id }),
  );
  return { client, venues: venues.map((v) => ({ id: v.id, name: v.name, city: v.city })) };
}
export type QuoteFormClient = Awaited<ReturnType<typeof quoteFormClient>>;
