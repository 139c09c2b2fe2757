import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { roleId } from "@/seed/reference";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { createJobWorld, insertJob, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { listUsers, searchBookers, sendMailToColAndPM, userListFilters } from ".";

let handle: DbHandle;
let db: Db;
let w: JobWorld;
let adminRole: number;

const now = new Date("2026-11-22T12:00:00Z");
const ctxOf = (userId: number) => ctxFor(db, userId, { now });
const ids = (page: { items: { id: number }[] }) => page.items.map((r) => r.id);

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  w = await createJobWorld(db);
  adminRole = await roleId(db, ROLE.admin);
  await db.update(schema.users).set({ companyId: w.companyA }).where(eq(schema.users.id, w.colA));
});
afterAll(async () => {
  await handle?.close();
});

describe("listUsers", () => {
  it("pages 10 by default, hides deactivated and archived users, and finds by search", async () => {
    const a = await createUser(db, { name: "Zelda Searchable", roles: [ROLE.worker] });
    const off = await createUser(db, {
      name: "Zelda Sleeping",
      roles: [ROLE.worker],
      status: "deactivated",
    });
    const gone = await createUser(db, { name: "Zelda Gone", roles: [ROLE.worker] });
    await db.update(schema.users).set({ deletedAt: now }).where(eq(schema.users.id, gone.id));
    const ctx = await ctxOf(w.admin);
    const all = await listUsers(ctx, {});
    expect(all.meta.per_page).toBe(10);
    expect(all.items.length).toBeLessThanOrEqual(10);
    const found = await listUsers(ctx, { filter: { search: "zelda" } });
    expect(ids(found)).toEqual([a.id]);
    const withOff = await listUsers(ctx, {
      filter: { search: "zelda" },
      showDeactivatedUsers: "1",
    });
    expect(ids(withOff).sort()).toEqual([a.id, off.id].sort());
    const byMail = await listUsers(ctx, { filter: { search: a.email.slice(0, 12) } });
    expect(ids(byMail)).toContain(a.id);
    // LIKE wildcards are text: "%" finds nobody named with a percent sign.
    expect((await listUsers(ctx, { filter: { search: "%" } })).meta.total).toBe(0);
  });

  it("refuses a search that is not a string with 422 Badly formed data", async () => {
    const ctx = await ctxOf(w.admin);
    for (const search of [["x"], { a: "x" }]) {
      const err = await appErrorOf(listUsers(ctx, { filter: { search } }));
      expect(err.status).toBe(422);
      expect(err.message).toBe("Badly formed data");
      expect(err.errors).toEqual({ "filter.search": ["Badly formed data"] });
    }
  });

  it("filters by role (id or title), filter[roles], skill and sub-skill, and sorts", async () => {
    const ctx = await ctxOf(w.admin);
    const byTitle = await listUsers(ctx, { role: ROLE.projectManager, perPage: 100 });
    expect(ids(byTitle)).toEqual([w.pm]);
    const byId = await listUsers(ctx, { role: String(adminRole), perPage: 100 });
    expect(ids(byId)).toEqual([w.admin]);
    const many = await listUsers(ctx, {
      filter: { roles: `${ROLE.projectManager},${ROLE.crewHandler}` },
      perPage: 100,
    });
    expect(ids(many).sort()).toEqual([w.pm, w.crewHandler].sort());
    const skilled = await createUser(db, { name: "Rita Rigger", roles: [ROLE.worker] });
    await db.insert(schema.userSkills).values({ userId: skilled.id, skillId: w.skill2 });
    expect(ids(await listUsers(ctx, { sub_skill: w.skill2 }))).toEqual([skilled.id]);
    const [{ parentId }] = await db
      .select({ parentId: schema.skills.parentId })
      .from(schema.skills)
      .where(eq(schema.skills.id, w.skill2));
    expect(ids(await listUsers(ctx, { parent_skill: parentId! }))).toContain(skilled.id);
    const row = (await listUsers(ctx, { sub_skill: w.skill2 })).items[0];
    expect(row.skills).toEqual(["Rigger"]);
    expect(row.roles.map((r) => r.title)).toEqual([ROLE.worker]);
    expect(row.avatar).toBeNull();
    const asc = await listUsers(ctx, { sort: "email", order: "asc", perPage: 100 });
    const emails = asc.items.map((r) => r.email);
    expect(emails).toEqual([...emails].sort());
    const desc = await listUsers(ctx, { sort: "email", order: "desc", perPage: 100 });
    expect(desc.items.map((r) => r.email)).toEqual([...emails].reverse());
  });

  it("lists a user first when asked (the one just created), only within the list's scope", async () => {
    const ctx = await ctxOf(w.admin);
    const late = await createUser(db, { name: "Zz Last Byname", roles: [ROLE.worker] });
    const plain = await listUsers(ctx, { perPage: 5 });
    expect(ids(plain)).not.toContain(late.id);
    const first = await listUsers(ctx, { perPage: 5, first: late.id });
    expect(ids(first)[0]).toBe(late.id);
    expect(first.meta.total).toBe(plain.meta.total);
    // The rest keep their order.
    expect(ids(first).slice(1)).toEqual(ids(plain).slice(0, 4));
    // A client contact is not shown someone outside its company by asking for it first.
    const col = await listUsers(await ctxOf(w.colA), { first: late.id, perPage: 100 });
    expect(ids(col)).not.toContain(late.id);
    expect((await appErrorOf(listUsers(ctx, { first: "abc" }))).status).toBe(422);
  });

  it("offers the sub-skills of the chosen parent skill only", async () => {
    const ctx = await ctxOf(w.admin);
    const all = await userListFilters(ctx);
    const [{ parentId }] = await db
      .select({ parentId: schema.skills.parentId })
      .from(schema.skills)
      .where(eq(schema.skills.id, w.skill2));
    const [other] = await db
      .insert(schema.skills)
      .values({ name: "Catering", parentId: null })
      .returning();
    const [waiter] = await db
      .insert(schema.skills)
      .values({ name: "Waiter", parentId: other.id })
      .returning();
    const every = (await userListFilters(ctx)).subSkills.map((s) => s.id);
    expect(every).toEqual(expect.arrayContaining([w.skill2, waiter.id]));
    expect(every.length).toBeGreaterThan(all.subSkills.length);
    const narrowed = await userListFilters(ctx, { parent_skill: String(parentId) });
    expect(narrowed.subSkills.map((s) => s.id)).toContain(w.skill2);
    expect(narrowed.subSkills.map((s) => s.id)).not.toContain(waiter.id);
    expect(narrowed.subSkills.every((s) => s.parent_id === parentId)).toBe(true);
    const catering = await userListFilters(ctx, { parent_skill: other.id });
    expect(catering.subSkills.map((s) => s.name)).toEqual(["Waiter"]);
    // A parent that is not an id narrows nothing (the list drops it too), never a 500.
    expect((await userListFilters(ctx, { parent_skill: "abc" })).subSkills).toHaveLength(
      every.length,
    );
    expect((await appErrorOf(userListFilters(await ctxOf(w.worker)))).status).toBe(403);
  });

  it("shows a client contact only its own company's users, whatever it asks for", async () => {
    const ctx = await ctxOf(w.colA);
    const page = await listUsers(ctx, { filter: { company_id: w.companyB }, perPage: 100 });
    expect(page.items).toEqual([]);
    const own = await listUsers(ctx, { perPage: 100 });
    expect(ids(own).sort()).toEqual([w.colA, w.colEditorA].sort());
    expect(own.items.every((r) => r.company?.id === w.companyA)).toBe(true);
  });

  it("gives a worker no list (403)", async () => {
    expect((await appErrorOf(listUsers(await ctxOf(w.worker), {}))).status).toBe(403);
  });

  it("needs two queries for a page of 1 as for a page of 10 (no N+1)", async () => {
    const counting = countingDb(handle);
    const ctx = await ctxFor(counting.db, w.admin, { now });
    counting.reset();
    const one = await listUsers(ctx, { perPage: 1 });
    const few = counting.statements();
    counting.reset();
    const ten = await listUsers(ctx, { perPage: 10 });
    expect(one.items).toHaveLength(1);
    expect(ten.items).toHaveLength(10);
    expect(counting.statements()).toBe(few);
    expect(few).toBe(2);
  });
});

describe("search-bookers and sendMailToColAndPM", () => {
  it("lists active users who may book, by name", async () => {
    const ctx = await ctxOf(w.pm);
    const page = await searchBookers(ctx, { perPage: 100 });
    expect(ids(page)).toContain(w.crewHandler);
    expect(ids(page)).not.toContain(w.worker);
    const bad = await appErrorOf(searchBookers(ctx, { userName: ["x"] }));
    expect(bad.message).toBe("Badly formed data");
    expect(ids(await searchBookers(ctx, { userName: "Carl Crew" }))).toEqual([w.crewHandler]);
    expect((await appErrorOf(searchBookers(await ctxOf(w.worker), {}))).status).toBe(403);
  });

  it("mails the job's contact on location and project manager through the outbox", async () => {
    const job = await insertJob(db, {
      name: "Mail job",
      companyId: w.companyA,
      countryId: w.countryId,
      shifts: [],
    });
    const ctx = await ctxOf(w.pm);
    const none = await appErrorOf(
      sendMailToColAndPM(ctx, { job_id: job.id, subject: "Hi", message: "Hello" }),
    );
    expect(none.status).toBe(422);
    await db
      .update(schema.jobs)
      .set({ contactOnLocationId: w.colA, projectManagerId: w.pm })
      .where(eq(schema.jobs.id, job.id));
    const res = await sendMailToColAndPM(ctx, {
      job_id: job.id,
      subject: "Gate",
      message: "Use B",
    });
    expect(res.recipients).toHaveLength(2);
    const mails = await db
      .select()
      .from(schema.mailOutbox)
      .where(eq(schema.mailOutbox.subject, "Gate"));
    expect(mails).toHaveLength(2);
    // Another company's contact may not mail about this job.
    const other = await appErrorOf(
      sendMailToColAndPM(await ctxOf(w.colB), { job_id: job.id, subject: "x", message: "y" }),
    );
    expect(other.status).toBe(404);
  });
});
