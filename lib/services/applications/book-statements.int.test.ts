import { describe, expect, it } from "vitest";
import { eq, inArray, sql, TransactionRollbackError, type SQL } from "drizzle-orm";
import { genericTwin, schema, type Db, type DbHandle, type DbOrTx } from "@/db";
import type { JobWorld } from "@/lib/testing/jobs-fixtures";
import { bookingKit, bookingSuite } from "@/lib/testing/booking-fixtures";
import { countingDb } from "@/lib/testing/counting-db";
import { ctxFor } from "@/lib/testing/fixtures";
import { rowsOf } from "../chat/access";
import { putSetting } from "../settings";
import { bookApplications } from ".";

/**
 * What one booking costs the database (issue 27: bookings per second): the statements it sends,
 * and that the rows written together in one of them (the application and its activity row) are
 * both there, with the mail queued.
 */
let db: Db;
let w: JobWorld;
let k: ReturnType<typeof bookingKit>;
let handle: DbHandle;

/** "Now" for every test: a fixed Monday noon in Copenhagen. */
const NOW = new Date("2026-12-07T11:00:00Z");

bookingSuite(NOW, (s) => ({ db, w, k, handle } = s));

const worker = (...a: Parameters<(typeof k)["worker"]>) => k.worker(...a);
const oneShiftJob = (start: string, end: string, positions = 2, companyId = w.companyA) =>
  k.oneShiftJob(start, end, positions, companyId);

describe("booking (POST applications): its cost", () => {
  it("books in 13 statements, its activity row written with the application (issue 27: bookings/s)", async () => {
    const s = await oneShiftJob("2026-12-10T08:00:00Z", "2026-12-10T12:00:00Z");
    // The mail's signature comes from the settings, read with the mail's facts.
    await putSetting(db, "agency_name", "Nordlys Crew");
    await putSetting(db, "agency_phone", "+45 70 20 30 40");
    const a = await worker([w.skill]);
    const counting = countingDb(handle);
    const c = await ctxFor(counting.db, w.pm, { now: NOW });
    counting.reset();
    const [app] = await bookApplications(c, {
      assignee_id: a,
      shiftIds: [s.shiftId],
      shift_slots: [s.slotId],
      status: "Booked",
    });
    expect(app).toMatchObject({ assignee_id: a, status: "Booked", shift_slot_id: s.slotId });
    // All in one transaction: its plan mode (generic plans), the slots looked up, jobs, worker,
    // the slots locked and read, the worker's places on the shifts, capacity + clashes + skills,
    // the rate and price questions' one read, the application with its activity row, the job
    // chat's crew, the mail's facts with the agency's branding, the outbox row, the answer. Was
    // 1 + 18 + 1 (the slots read again under their locks, the capacity, clash and skill reads one
    // each, the activity row on its own), then 1 + 14 + 1 (the first read and the answer outside
    // the transaction, four rate and price reads), then 14 (the branding read on its own).
    // (node-postgres sends begin and commit through the logger too, PGlite does not.)
    const sent = counting.sent().filter((q) => !/^(begin|commit)\b/i.test(q));
    expect(sent).toHaveLength(13);
    expect(sent.filter((q) => /from "settings"/.test(q))).toHaveLength(1);
    expect(sent[0]).toMatch(/^set local plan_cache_mode = force_generic_plan$/);
    const [logged] = await db
      .select()
      .from(schema.activityLog)
      .where(eq(schema.activityLog.subjectId, app.id));
    expect(logged).toMatchObject({
      logName: "applications",
      subjectType: "applications",
      causerId: w.pm,
      createdAt: NOW,
      properties: { from: null, to: "Booked", shift_slot_id: s.slotId, assignee_id: a },
    });
    expect(logged.description).toMatch(/^Booked Worker \d+ on Stagehand on Job /);
    const mails = await db
      .select({ template: schema.mailOutbox.template, text: schema.mailOutbox.text })
      .from(schema.mailOutbox)
      .where(eq(schema.mailOutbox.userId, a));
    expect(mails).toEqual([{ template: "shift_booked", text: expect.any(String) }]);
    // The signature: the name and phone set above, the defaults for the rest (no address).
    expect(mails[0]!.text).toMatch(/\n-- \nNordlys Crew\n\+45 70 20 30 40$/);
    await db
      .delete(schema.settings)
      .where(inArray(schema.settings.key, ["agency_name", "agency_phone"]));
  });

  it("plans its statements generically, on the pool that plans so, without a set local (PostgreSQL)", async () => {
    if (handle.kind !== "postgres") return;
    // Named statements only the booking runs here (the fixtures run none of them); a list of one
    // id is sent as `= $1`, a variant of its own (`_1x<mask>`: the fill check's one slot and worker,
    // the answer's one application, the rates' one skill, worker, job and branch).
    const names = [
      "applications_fill_facts_1x3",
      "applications_insert_logged",
      "applications_views_1x1",
      "rates_booking_facts_1xf",
    ];
    const s = await oneShiftJob("2026-12-11T08:00:00Z", "2026-12-11T12:00:00Z");
    const c = await ctxFor(db, w.pm, { now: NOW });
    for (const a of [await worker([w.skill]), await worker([w.skill])])
      await bookApplications(c, {
        assignee_id: a,
        shiftIds: [s.shiftId],
        shift_slots: [s.slotId],
        status: "Booked",
      });
    // The booking's transaction ran on the twin pool (genericTwin): pg-pool hands the client
    // released last to the next caller, the connection that booked (its prepared statements
    // below say so: another connection would have none of them). It plans generically as a
    // session (the pool's connection options), so the booking sends no `set local` of its own.
    const twin = genericTwin(db)!;
    const { mode, plans } = await twin.transaction(async (tx) => ({
      mode: await rowsOf<{ plan_cache_mode: string }>(tx, sql`show plan_cache_mode`),
      plans: await rowsOf<{ name: string; generic_plans: number; custom_plans: number }>(
        tx,
        sql`select name, generic_plans::int, custom_plans::int from pg_prepared_statements
            where name in ${names} order by name`,
      ),
    }));
    expect(mode).toEqual([{ plan_cache_mode: "force_generic_plan" }]);
    // The app's own pool still plans each statement with its values.
    expect(await rowsOf(db, sql`show plan_cache_mode`)).toEqual([
      { plan_cache_mode: "force_custom_plan" },
    ]);
    expect(plans.map((p) => p.name)).toEqual([...names].sort());
    for (const p of plans) {
      expect(p.custom_plans, p.name).toBe(0);
      expect(p.generic_plans, p.name).toBeGreaterThanOrEqual(1);
    }
  });

  it("reads its answer by key on a small agency's tables, not by hashing them whole (PostgreSQL, generic plan)", async () => {
    if (handle.kind !== "postgres") return;
    // An agency of a thousand jobs and workers, its statistics fresh: a generic plan guessed ten
    // rows for `id = any($1)` and hashed seq scans of users, shift slots and shifts against them
    // (0.46 ms a booking in the bench; 0.06 ms as `id = $1`).
    const plan = await planAfterBooking("2026-12-13T08:00:00Z", async (tx, app) => {
      await tx.execute(sql`insert into users (name, email, password_hash)
        select 'Many ' || i, 'many' || i || '@test.test', 'x' from generate_series(1, 1000) i`);
      return sql`explain (costs off) execute applications_views_1x1(${sql.raw(String(app.id))})`;
    });
    expect(plan).toMatch(/Index Scan using applications_pkey/);
    expect(plan).not.toMatch(/Seq Scan on (users|shifts|shift_slots|applications|jobs)\b/);
  });

  it("reads the worker's places from its applications even when every job has one status (PostgreSQL, generic plan)", async () => {
    if (handle.kind !== "postgres") return;
    // Statistics that say every job is Published: a generic plan estimated `status <> $n` from
    // the distinct statuses alone, found no live job, and walked every job's shifts for each
    // booking (2.3 ms in the bench).
    const plan = await planAfterBooking("2026-12-12T08:00:00Z", async (tx) => {
      await tx.execute(sql`update jobs set status = 'Published'`);
      // Its generic plan, run with a value for each status and instant and null elsewhere: a
      // status and an instant are what a walk over every job repeats (the loops counted).
      const [p] = await rowsOf<{ args: string }>(
        tx,
        sql`select array_to_string(array(select case t::text
              when 'job_status' then '''Cancelled''' when 'application_status' then '''Booked'''
              when 'timestamp with time zone' then 'now()' else 'null' end
            from unnest(parameter_types) t), ', ') as args
            from pg_prepared_statements where name = 'applications_fill_facts_1x3'`,
      );
      expect(p, "the booking's connection holds its fill facts statement").toBeDefined();
      return sql`explain (analyze, costs off, timing off) execute applications_fill_facts_1x3(${sql.raw(p.args)})`;
    });
    // No step repeated per job (the walk read each of the 1,003 jobs' shifts: loops=1003).
    expect(plan).toMatch(/loops=1\b/);
    expect(plan).not.toMatch(/loops=\d{3,}/);
  });
});

/**
 * Books a worker on a new four-hour shift from `start`, then, on the connection that booked
 * (pg-pool hands it out next) and in a transaction rolled back after: a thousand more jobs like
 * it, whatever `world` adds, fresh statistics, generic plans, and the plan of the EXPLAIN that
 * `world` answers.
 */
async function planAfterBooking(
  start: string,
  world: (tx: DbOrTx, app: { id: number }) => Promise<SQL>,
): Promise<string> {
  const end = new Date(new Date(start).getTime() + 4 * 3_600_000).toISOString();
  const s = await oneShiftJob(start, end);
  const c = await ctxFor(db, w.pm, { now: NOW });
  const [app] = await bookApplications(c, {
    assignee_id: await worker([w.skill]),
    shiftIds: [s.shiftId],
    shift_slots: [s.slotId],
    status: "Booked",
  });
  let plan = "";
  await db
    .transaction(async (tx) => {
      await thousandJobsLike(tx, s.jobId);
      const explain = await world(tx, app);
      for (const t of ["users", "jobs", "shifts", "shift_slots", "applications"])
        await tx.execute(sql`analyze ${sql.identifier(t)}`);
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      const lines = await rowsOf<{ "QUERY PLAN": string }>(tx, explain);
      plan = lines.map((l) => l["QUERY PLAN"]).join("\n");
      tx.rollback();
    })
    .catch((e: unknown) => {
      if (!(e instanceof TransactionRollbackError)) throw e;
    });
  return plan;
}

/**
 * A thousand more jobs at the hours of job `jobId`, each a shift with one slot and one place
 * booked by some user (the bench's day).
 */
async function thousandJobsLike(tx: DbOrTx, jobId: number) {
  await tx.execute(sql`with j as (
      insert into jobs (name, company_id, country_id, status, starts_at, ends_at)
      select 'Busy ' || i, company_id, country_id, 'Published', starts_at, ends_at
        from jobs, generate_series(1, 1000) i where id = ${jobId}
      returning id, starts_at, ends_at),
    sh as (insert into shifts (job_id, starts_at, ends_at)
      select id, starts_at, ends_at from j returning id),
    sl as (insert into shift_slots (shift_id, skill_id, positions)
      select id, ${w.skill}, 1 from sh returning id, shift_id),
    u as (select array_agg(id) as ids from users)
    insert into applications (shift_slot_id, shift_id, assignee_id, status)
    select sl.id, sl.shift_id, u.ids[1 + sl.id % cardinality(u.ids)], 'Booked' from sl, u`);
}
