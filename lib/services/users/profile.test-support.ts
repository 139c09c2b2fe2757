/** The cast of the profile integration tests: one of each kind of viewer. */
import { schema, type Db } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import type { Ctx } from "../context";

export async function profileCast(db: Db) {
  const { company: a, country } = await createCountryAndCompany(db, "Alpha Events");
  const { company: b } = await createCountryAndCompany(db, "Beta Stages");
  const admin = await createUser(db, { name: "Ada Admin", roles: [ROLE.admin] });
  const pm = await createUser(db, { name: "Pia PM", roles: [ROLE.projectManager] });
  const handler = await createUser(db, { name: "Hal Handler", roles: [ROLE.crewHandler] });
  const colA = await createUser(db, { name: "Cora ColA", roles: [ROLE.client], companyId: a.id });
  const colA2 = await createUser(db, { name: "Carl ColA", roles: [ROLE.client], companyId: a.id });
  const colB = await createUser(db, { name: "Bea ColB", roles: [ROLE.client], companyId: b.id });
  const worker = await createUser(db, { name: "Will Worker", roles: [ROLE.worker] });
  const other = await createUser(db, { name: "Olga Other", roles: [ROLE.worker] });
  const [branch] = await db
    .insert(schema.branches)
    .values({ name: `Copenhagen ${Date.now()}`, countryId: country.id })
    .returning();
  const [language] = await db
    .insert(schema.languages)
    .values({ name: `Danish ${Date.now()}`, code: `d${Date.now() % 100000}` })
    .returning();
  const ctx = {} as Record<string, Ctx>;
  for (const [k, u] of Object.entries({ admin, pm, handler, colA, colA2, colB, worker, other }))
    ctx[k] = await ctxFor(db, u.id);
  return {
    companyA: a,
    companyB: b,
    country,
    branch,
    language,
    users: { admin, pm, handler, colA, colA2, colB, worker, other },
    ctx: ctx as Record<
      "admin" | "pm" | "handler" | "colA" | "colA2" | "colB" | "worker" | "other",
      Ctx
    >,
  };
}
export type Cast = Awaited<ReturnType<typeof profileCast>>;
