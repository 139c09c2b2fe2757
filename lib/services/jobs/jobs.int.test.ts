import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { createJob } from "./create";
import { listJobs } from "./list";
import { fetchJobForView } from "./view";

const now = new Date("2026-11-22T09:00:00Z");
let handle: DbHandle;
let ids: {
  pm: number;
  admin: number;
  worker: number;
  colA: number;
  colB: number;
  companyA: number;
  companyB: number;
  country: number;
  skill: number;
  skill2: number;
};

beforeAll(async () => {
  handle = await testDatabase();
  const db = handle.db;
  const { country, company: a } = await createCountryAndCompany(db, "Company A");
  const [b] = await db
    .insert(schema.companies)
    .values({ name: "Company B", countryId: country.id })
    .returning();
  const [parent] = await db.insert(schema.skills).values({ name: "Stage", order: 1 }).returning();
  const [skill, skill2] = await db
    .insert(schema.skills)
    .values([
      { name: "Stagehand", parentId: parent.id, order: 1 },
      { name: "Rigger", parentId: parent.id, order: 2 },
    ])
    .returning();
  ids = {
    pm: (await createUser(db, { roles: [ROLE.projectManager] })).id,
    admin: (await createUser(db, { roles: [ROLE.admin] })).id,
    worker: (await createUser(db, { roles: [ROLE.worker] })).id,
    colA: (await createUser(db, { roles: [ROLE.client], companyId: a.id })).id,
    colB: (await createUser(db, { roles: [ROLE.client], companyId: b.id })).id,
    companyA: a.id,
    companyB: b.id,
    country: country.id,
    skill: skill.id,
    skill2: skill2.id,
  };
});
afterAll(async () => handle.close());

const shift = (over: Record<string, unknown> = {}) => ({
  startDate: "01/12/2026",
  start: "08:00",
  endHour: "16:00",
  slots: [{ skill_id: ids.skill, qty: 2 }],
  ...over,
});
const payload = (over: Record<string, unknown> = {}) => ({
  name: "Winter gala",
  company_id: ids.companyA,
  country_id: ids.country,
  shifts: [shift()],
  ...over,
});

describe("createJob", () => {
  it("refuses a job without shifts with 422 shifts_invalid and writes nothing", async () => {
    const ctx = await ctxFor(handle.db, ids.pm, { now });
    for (const shifts of [[], undefined, "x", [{}]]) {
      const err = await appErrorOf(createJob(ctx, payload({ shifts, name: "No shifts" })));
      expect(err.status).toBe(422);
      expect(err.type).toBe("shifts_invalid");
      expect(err.message).toBe("Please enter valid shifts");
    }
    expect(
      await handle.db.select().from(schema.jobs).where(eq(schema.jobs.name, "No shifts")),
    ).toHaveLength(0);
  });

  it("creates the job Published with shifts and slots; an overnight shift ends the next day", async () => {
    const ctx = await ctxFor(handle.db, ids.pm, { now });
    const job = await createJob(
      ctx,
      payload({
        shifts: [
          shift({
            start: "22:00",
            endHour: "04:00",
            slots: [
              { skill_id: ids.skill, qty: 3 },
              { skill_id: ids.skill2, qty: 1 },
            ],
          }),
        ],
      }),
    );
    expect(job.status).toBe("Published");
    expect(job.shifts).toHaveLength(1);
    expect(job.shifts[0].start).toBe("2026-12-01T22:00:00+01:00");
    expect(job.shifts[0].end).toBe("2026-12-02T04:00:00+01:00");
    expect(job.shifts[0].shift_slots.map((s) => [s.skill.name, s.positions])).toEqual([
      ["Stagehand", 3],
      ["Rigger", 1],
    ]);
    expect(job.positions).toBe(4);
    expect(job.filled).toBe(0);
    const log = await handle.db
      .select()
      .from(schema.activityLog)
      .where(eq(schema.activityLog.subjectId, job.id));
    expect(log.some((l) => l.subjectType === "jobs" && l.logName === "jobs")).toBe(true);
  });

  it("saves as Draft when asked", async () => {
    const job = await createJob(
      await ctxFor(handle.db, ids.pm, { now }),
      payload({ status: "Draft" }),
    );
    expect(job.status).toBe("Draft");
  });

  it("refuses a booker from a user without can_select_job_booker (403), and accepts it from a PM", async () => {
    const err = await appErrorOf(
      createJob(await ctxFor(handle.db, ids.colA, { now }), payload({ booker_id: ids.pm })),
    );
    expect(err.status).toBe(403);
    const job = await createJob(
      await ctxFor(handle.db, ids.pm, { now }),
      payload({ booker_id: ids.pm }),
    );
    expect(job.booker?.id).toBe(ids.pm);
  });

  it("lets a client contact create only for its own company", async () => {
    const own = await createJob(
      await ctxFor(handle.db, ids.colA, { now }),
      payload({ name: "COL own" }),
    );
    expect(own.company.id).toBe(ids.companyA);
    const err = await appErrorOf(
      createJob(await ctxFor(handle.db, ids.colA, { now }), payload({ company_id: ids.companyB })),
    );
    expect(err.status).toBe(403);
  });

  it("gives a worker 403", async () => {
    const err = await appErrorOf(
      createJob(await ctxFor(handle.db, ids.worker, { now }), payload()),
    );
    expect(err.status).toBe(403);
  });

  it("names every bad reference as a field error", async () => {
    const err = await appErrorOf(
      createJob(
        await ctxFor(handle.db, ids.pm, { now }),
        payload({
          project_manager_id: ids.worker,
          dresscode_id: 999999,
          shifts: [shift({ slots: [{ skill_id: 999999, qty: 1 }] })],
        }),
      ),
    );
    expect(err.status).toBe(422);
    expect(Object.keys(err.errors ?? {}).sort()).toEqual([
      "dresscode_id",
      "project_manager_id",
      "shifts.0.slots.0.skill_id",
    ]);
  });

  it("refuses shifts before today unless the job is marked past", async () => {
    const ctx = await ctxFor(handle.db, ids.pm, { now });
    const err = await appErrorOf(
      createJob(ctx, payload({ shifts: [shift({ startDate: "01/11/2026" })] })),
    );
    expect(err.type).toBe("past_shifts");
    const job = await createJob(
      ctx,
      payload({ is_past: true, shifts: [shift({ startDate: "01/11/2026" })] }),
    );
    expect(job.shifts).toHaveLength(1);
  });
});

describe("listJobs and fetchJobForView scope", () => {
  it("shows a client contact only its company's jobs and 404s the others", async () => {
    const b = await createJob(
      await ctxFor(handle.db, ids.pm, { now }),
      payload({ company_id: ids.companyB, name: "B only" }),
    );
    const listA = await listJobs(await ctxFor(handle.db, ids.colA, { now }), { perPage: 100 });
    expect(listA.items.every((j) => j.company.id === ids.companyA)).toBe(true);
    expect(listA.items.some((j) => j.name === "B only")).toBe(false);
    const err = await appErrorOf(fetchJobForView(await ctxFor(handle.db, ids.colA, { now }), b.id));
    expect(err.status).toBe(404);
    const listB = await listJobs(await ctxFor(handle.db, ids.colB, { now }), {});
    expect(listB.items.map((j) => j.name)).toContain("B only");
  });

  it("lists a job still running among the upcoming ones (soonest start first) and an ended one under past", async () => {
    const [c] = await handle.db
      .insert(schema.companies)
      .values({ name: "Split Co", countryId: ids.country })
      .returning();
    const day = 86_400_000;
    const at = (days: number) => new Date(now.getTime() + days * day);
    // A long build started 40 days ago and ends tomorrow; jobs that ended in between start later.
    await handle.db.insert(schema.jobs).values([
      {
        name: "Running",
        companyId: c.id,
        countryId: ids.country,
        startsAt: at(-40),
        endsAt: at(1),
      },
      { name: "Ended", companyId: c.id, countryId: ids.country, startsAt: at(-10), endsAt: at(-9) },
      {
        name: "Ended late",
        companyId: c.id,
        countryId: ids.country,
        startsAt: at(-1),
        endsAt: at(-0.5),
      },
      {
        name: "Next week",
        companyId: c.id,
        countryId: ids.country,
        startsAt: at(7),
        endsAt: at(8),
      },
      { name: "Tomorrow", companyId: c.id, countryId: ids.country, startsAt: at(1), endsAt: at(2) },
    ]);
    const ctx = await ctxFor(handle.db, ids.admin, { now });
    const names = async (raw: Record<string, unknown>) =>
      (await listJobs(ctx, { ...raw, filter: { company_id: c.id }, perPage: 100 })).items.map(
        (j) => j.name,
      );
    expect(await names({})).toEqual(["Running", "Tomorrow", "Next week"]);
    expect(await names({ past: 1 })).toEqual(["Ended late", "Ended"]);
  });

  it("carries each job's company, country, venue and people by name, and finds a job by its company's name", async () => {
    const db = handle.db;
    const [c] = await db
      .insert(schema.companies)
      .values({ name: "Lookup Lanterns Ltd", countryId: ids.country })
      .returning();
    const [venue] = await db
      .insert(schema.venues)
      .values({ name: "Harbour Hall", companyId: c.id, countryId: ids.country })
      .returning();
    const [pm] = await db.select().from(schema.users).where(eq(schema.users.id, ids.pm));
    const [col] = await db.select().from(schema.users).where(eq(schema.users.id, ids.colA));
    const [country] = await db
      .select()
      .from(schema.countries)
      .where(eq(schema.countries.id, ids.country));
    const day = 86_400_000;
    await db.insert(schema.jobs).values([
      {
        name: "Quay night",
        companyId: c.id,
        countryId: ids.country,
        venueId: venue.id,
        projectManagerId: pm.id,
        contactOnLocationId: col.id,
        startsAt: new Date(now.getTime() + day),
        endsAt: new Date(now.getTime() + 2 * day),
      },
      {
        name: "Bare job",
        companyId: c.id,
        countryId: ids.country,
        startsAt: new Date(now.getTime() + 3 * day),
        endsAt: new Date(now.getTime() + 4 * day),
      },
    ]);
    const ctx = await ctxFor(db, ids.admin, { now });
    const list = await listJobs(ctx, { filter: { company_id: c.id } });
    expect(list.items[0]).toMatchObject({
      name: "Quay night",
      company: { id: c.id, name: "Lookup Lanterns Ltd" },
      country: { id: ids.country, name: country.name, time_zone: country.timeZone },
      venue: { id: venue.id, name: "Harbour Hall" },
      project_manager: { id: pm.id, name: pm.name },
      contact_on_location: { id: col.id, name: col.name },
    });
    expect(list.items[1]).toMatchObject({
      name: "Bare job",
      venue: null,
      project_manager: null,
      contact_on_location: null,
    });
    // The company's name alone finds both (and counts them), whatever the jobs are called.
    const found = await listJobs(ctx, { filter: { search: "lanterns" } });
    expect(found.items.map((j) => j.name)).toEqual(["Quay night", "Bare job"]);
    expect(found.meta.total).toBe(2);
  });

  it("gives a worker 403 on the list", async () => {
    expect(
      (await appErrorOf(listJobs(await ctxFor(handle.db, ids.worker, { now }), {}))).status,
    ).toBe(403);
  });

  it("runs the same number of queries for 2 jobs and for 200", async () => {
    const counter = countingDb(handle);
    const pmActor = (await ctxFor(handle.db, ids.pm, { now })).actor;
    const ctx = { db: counter.db, actor: pmActor, now };
    const [c] = await handle.db
      .insert(schema.companies)
      .values({ name: "Counted Co", countryId: ids.country })
      .returning();
    const make = async (n: number) => {
      const jobs = await handle.db
        .insert(schema.jobs)
        .values(
          Array.from({ length: n }, (_, i) => ({
            name: `Counted ${i}`,
            companyId: c.id,
            countryId: ids.country,
            startsAt: new Date(now.getTime() + 86_400_000),
            endsAt: new Date(now.getTime() + 90_000_000),
          })),
        )
        .returning({ id: schema.jobs.id });
      const shifts = await handle.db
        .insert(schema.shifts)
        .values(
          jobs.map((j) => ({
            jobId: j.id,
            startsAt: new Date(now.getTime() + 86_400_000),
            endsAt: new Date(now.getTime() + 90_000_000),
          })),
        )
        .returning({ id: schema.shifts.id });
      await handle.db
        .insert(schema.shiftSlots)
        .values(shifts.map((s) => ({ shiftId: s.id, skillId: ids.skill, positions: 2 })));
    };
    await make(2);
    counter.reset();
    const small = await listJobs(ctx, { filter: { company_id: c.id }, perPage: 100 });
    const few = counter.statements();
    await make(198);
    counter.reset();
    const big = await listJobs(ctx, { filter: { company_id: c.id }, perPage: 100 });
    expect(small.items).toHaveLength(2);
    expect(big.meta.total).toBe(200);
    expect(big.items[0].positions).toBe(2);
    expect(big.items[0].shifts_count).toBe(1);
    expect(big.items[0].filled).toBe(0);
    expect(counter.statements()).toBe(few);
    // The count and the page, sent at once, then the page's fill figures.
    expect(few).toBe(3);
  });
});
