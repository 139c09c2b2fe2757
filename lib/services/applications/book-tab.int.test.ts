import { describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import {
  applicationStatus,
  applyOn,
  insertJob,
  jobRow,
  type JobWorld,
} from "@/lib/testing/jobs-fixtures";
import { bookingKit, bookingSuite } from "@/lib/testing/booking-fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { createUser } from "@/lib/testing/fixtures";
import { ROLE } from "@/lib/domain/permissions";
import { loadActor, makeCtx, systemActor, withTx } from "@/lib/services/context";
import {
  applicationChangeOptions,
  bookableUsers,
  bookBoard,
  changeApplication,
  deleteApplication,
  settleEndedShifts,
  sweepEndedShifts,
} from ".";

let handle: DbHandle;
let db: Db;
let w: JobWorld;
let k: ReturnType<typeof bookingKit>;
/** "Now" for every test: a fixed Monday noon in Copenhagen. */
const NOW = new Date("2026-12-07T11:00:00Z");

bookingSuite(NOW, (s) => ({ handle, db, w, k } = s));

const at = (iso: string) => new Date(iso);
const ctx = (userId: number, now = NOW) => k.ctx(userId, now);
const worker = (...a: Parameters<(typeof k)["worker"]>) => k.worker(...a);
const oneShiftJob = (start: string, end: string, positions = 2, companyId = w.companyA) =>
  k.oneShiftJob(start, end, positions, companyId);
const book = (...a: Parameters<(typeof k)["book"]>) => k.book(...a);

describe("removing and moving", () => {
  it("a booker removes an application; not once hours are reported", async () => {
    const s = await oneShiftJob("2027-01-05T08:00:00Z", "2027-01-05T12:00:00Z");
    const [app] = await book(w.pm, await worker([w.skill]), s);
    expect(await deleteApplication(await ctx(w.crewHandler), app.id)).toMatchObject({
      message: "Worker 1 removed from Job 2027-01-05T08:00:00Z",
    });
    const past = await oneShiftJob("2026-12-02T08:00:00Z", "2026-12-02T12:00:00Z");
    const id = await applyOn(db, past.slotId, await worker([w.skill]), "Reported");
    await db.insert(schema.reportedHours).values({
      applicationId: id,
      shiftSlotId: past.slotId,
      startsAt: at("2026-12-02T08:00:00Z"),
      endsAt: at("2026-12-02T12:00:00Z"),
    });
    const err = await appErrorOf(deleteApplication(await ctx(w.pm), id));
    expect(err.status).toBe(409);
    expect(await applicationStatus(db, id)).toBe("Reported");
  });

  it("a worker cannot remove its booking", async () => {
    const s = await oneShiftJob("2027-01-06T08:00:00Z", "2027-01-06T12:00:00Z");
    const a = await worker([w.skill]);
    const [app] = await book(w.pm, a, s);
    expect((await appErrorOf(deleteApplication(await ctx(a), app.id))).status).toBe(403);
  });

  it("moves a booked worker to another shift of the job, checking its capacity", async () => {
    const job = await insertJob(db, {
      clientRates: true,
      name: "Move me",
      companyId: w.companyA,
      countryId: w.countryId,
      shifts: [
        {
          startsAt: at("2027-01-08T08:00:00Z"),
          endsAt: at("2027-01-08T12:00:00Z"),
          slots: [{ skillId: w.skill, positions: 1 }],
        },
        {
          startsAt: at("2027-01-09T08:00:00Z"),
          endsAt: at("2027-01-09T12:00:00Z"),
          slots: [{ skillId: w.skill, positions: 1 }],
        },
      ],
    });
    const [s1, s2] = job.shifts;
    const a = await worker([w.skill]);
    const b = await worker([w.skill]);
    const [appA] = await book(w.pm, a, { shiftId: s1.id, slotId: s1.slots[0].id });
    await book(w.pm, b, { shiftId: s2.id, slotId: s2.slots[0].id });
    const options = await applicationChangeOptions(await ctx(w.pm), s1.id, appA.id);
    expect(options.shifts.map((x) => [x.shift_id, x.current, x.slots[0].free])).toEqual([
      [s1.id, true, 0],
      [s2.id, false, 0],
    ]);
    const full = await appErrorOf(
      changeApplication(await ctx(w.pm), {
        application_id: appA.id,
        shift_slot_id: s2.slots[0].id,
      }),
    );
    expect(full.status).toBe(409);
    await db
      .update(schema.shiftSlots)
      .set({ positions: 2 })
      .where(eq(schema.shiftSlots.id, s2.slots[0].id));
    const moved = await changeApplication(await ctx(w.pm), {
      application_id: appA.id,
      shift_slot_id: s2.slots[0].id,
    });
    expect(moved.application).toMatchObject({ shift_id: s2.id, status: "Booked" });
  });
});

describe("ended shifts and the job status", () => {
  it("settles Booked to Report! once the shift has ended and the job follows", async () => {
    const s = await oneShiftJob("2027-01-10T08:00:00Z", "2027-01-10T12:00:00Z");
    const [app] = await book(w.pm, await worker([w.skill]), s);
    const later = await ctx(w.pm, at("2027-01-10T12:30:00Z"));
    await withTx(later, (tx) => settleEndedShifts(tx, { jobIds: [s.jobId] }));
    expect(await applicationStatus(db, app.id)).toBe("Report!");
    expect((await jobRow(db, s.jobId)).status).toBe("Report!");
  });
});

describe("bookable-users", () => {
  it("finds workers by skill, branch and name, with their clashes with the shifts being booked", async () => {
    const [branch] = await db
      .insert(schema.branches)
      .values({ name: "Aarhus", countryId: w.countryId })
      .returning();
    const s = await oneShiftJob("2027-01-12T08:00:00Z", "2027-01-12T16:00:00Z");
    const clash = await oneShiftJob("2027-01-12T10:00:00Z", "2027-01-12T14:00:00Z");
    const busy = await worker([w.skill], [branch.id], "Zed Busybody");
    const free = await worker([w.skill], [branch.id], "Zed Freebird");
    await worker([w.skill2], [branch.id], "Zed Rigger");
    await book(w.pm, busy, clash);
    const page = await bookableUsers(await ctx(w.pm), {
      skill: String(w.skill),
      branches: String(branch.id),
      username: "zed",
      shiftIds: String(s.shiftId),
    });
    // The free worker first: availability sorts before the name.
    expect(page.items.map((u) => u.name)).toEqual(["Zed Freebird", "Zed Busybody"]);
    expect(page.meta.total).toBe(2);
    const [f, b] = page.items;
    expect(b.conflicts).toEqual([
      expect.objectContaining({ shift_id: s.shiftId, kind: "overlap" }),
    ]);
    expect(f.conflicts).toEqual([]);
    expect(f.branches).toEqual([{ id: branch.id, name: "Aarhus" }]);
    expect(f.has_skill).toBe(true);
    expect(free).toBe(f.id);
    // The total rides on the page's rows; past the last page it is counted on its own.
    const paged = { skill: String(w.skill), username: "zed", perPage: "1" };
    const second = await bookableUsers(await ctx(w.pm), { ...paged, page: "2" });
    expect(second.items.map((u) => u.name)).toEqual(["Zed Freebird"]);
    expect(second.meta).toMatchObject({ total: 2, last_page: 2 });
    const past = await bookableUsers(await ctx(w.pm), { ...paged, page: "3" });
    expect(past.items).toEqual([]);
    expect(past.meta.total).toBe(2);
    const none = await bookableUsers(await ctx(w.pm), { username: "nobody-by-this-name" });
    expect(none.meta.total).toBe(0);
  });

  it("lists only those who work shifts: not an office user or an administrator, whatever their skills", async () => {
    const office = await createUser(db, { roles: [ROLE.projectManager], name: "Yara Office" });
    const admin = await createUser(db, { roles: [ROLE.admin], name: "Yara Admin" });
    const both = await createUser(db, {
      roles: [ROLE.crewHandler, ROLE.worker],
      name: "Yara Both",
    });
    await db
      .insert(schema.userSkills)
      .values([office.id, admin.id, both.id].map((userId) => ({ userId, skillId: w.skill })));
    await worker([w.skill], [], "Yara Worker");
    const s = await oneShiftJob("2027-01-14T08:00:00Z", "2027-01-14T12:00:00Z");
    for (const query of [
      { username: "yara" },
      { username: "yara", skill: String(w.skill), shiftIds: String(s.shiftId) },
    ]) {
      const page = await bookableUsers(await ctx(w.pm), query);
      expect(page.items.map((u) => u.name)).toEqual(["Yara Both", "Yara Worker"]);
      expect(page.meta.total).toBe(2);
    }
  });

  it("shows a client contact the phone of a worker on its own jobs only, and no other company's job", async () => {
    const own = await oneShiftJob("2027-01-12T08:00:00Z", "2027-01-12T12:00:00Z");
    const mine = await oneShiftJob("2027-01-13T08:00:00Z", "2027-01-13T12:00:00Z");
    const theirs = await oneShiftJob("2027-01-13T08:00:00Z", "2027-01-13T12:00:00Z", 2, w.companyB);
    const known = await worker([w.skill], [], "Quill Known");
    const stranger = await worker([w.skill], [], "Quill Stranger");
    await db
      .update(schema.users)
      .set({ phone: "+45 11 22 33 44" })
      .where(eq(schema.users.id, known));
    await db
      .update(schema.users)
      .set({ phone: "+45 55 66 77 88" })
      .where(eq(schema.users.id, stranger));
    await book(w.pm, known, own);
    await book(w.pm, stranger, theirs);
    const asClient = await bookableUsers(await ctx(w.colA), {
      username: "quill",
      shiftIds: String(mine.shiftId),
    });
    const byName = Object.fromEntries(asClient.items.map((u) => [u.name, u]));
    expect(byName["Quill Known"].phone).toBe("+45 11 22 33 44");
    expect(byName["Quill Stranger"].phone).toBeNull();
    // The clash with company B's job is there, but neither its name nor its times are.
    expect(byName["Quill Stranger"].conflicts).toEqual([
      {
        shift_id: mine.shiftId,
        kind: "overlap",
        message: "Quill Stranger is already booked elsewhere at the same time.",
      },
    ]);
    const asStaff = await bookableUsers(await ctx(w.pm), { username: "quill" });
    expect(asStaff.items.map((u) => u.phone)).toEqual(["+45 11 22 33 44", "+45 55 66 77 88"]);
    expect(JSON.stringify(asClient)).not.toContain("@");
  });

  it("answers a page in a fixed number of queries, and refuses workers", async () => {
    const counting = countingDb(handle);
    const actor = await loadActor(db, w.pm);
    const c = makeCtx(counting.db, actor, { now: NOW });
    counting.reset();
    await bookableUsers(c, { perPage: "5" });
    const few = counting.statements();
    counting.reset();
    await bookableUsers(c, { perPage: "50" });
    expect(counting.statements()).toBe(few);
    // Booking on a shift: its times, the skill's holders, the page (with each worker's skills, branches,
    // applications on the shift, missing documents, days off and the count), then the clashes of
    // the page's busy workers.
    // The page is read band by band (the free workers by name, then the busy ones): one
    // statement for each band it reaches, never one per row.
    const s = await oneShiftJob("2027-01-22T08:00:00Z", "2027-01-22T12:00:00Z", 2);
    await book(w.pm, await worker([w.skill]), s);
    await worker([w.skill]);
    const onShift = { skill: String(w.skill), shiftIds: String(s.shiftId) };
    counting.reset();
    const one = await bookableUsers(c, { ...onShift, perPage: "1" });
    const perShift = counting.statements();
    counting.reset();
    const many = await bookableUsers(c, { ...onShift, perPage: "50" });
    expect(one.items).toHaveLength(1);
    expect(many.items.length).toBeGreaterThan(1);
    expect(many.items.filter((u) => u.applications.length)).toHaveLength(1);
    expect(many.items.every((u) => u.skills.some((k) => k.id === w.skill))).toBe(true);
    // The booked worker is the busy band: last, after every free one.
    expect(many.items.findIndex((u) => u.applications.length)).toBe(many.items.length - 1);
    // The skill's holders counted first (rare or not: see WALK_FROM_HOLDERS). A page of free
    // workers only has no clashes to read: a free band's condition is that there are none.
    expect(perShift).toBe(3);
    // Reaching the busy band: its page, and the clashes of its workers.
    expect(counting.statements()).toBe(perShift + 2);
    counting.reset();
    await bookableUsers(c, { ...onShift, perPage: "100" });
    expect(counting.statements()).toBe(perShift + 2);
    expect((await appErrorOf(bookableUsers(await ctx(w.worker), {}))).status).toBe(403);
  });
});

describe("the book tab (bookBoard)", () => {
  it("shows each live slot with its figures and everyone on it except the turned down", async () => {
    const s = await oneShiftJob("2027-01-20T08:00:00Z", "2027-01-20T12:00:00Z", 2);
    const a = await worker([w.skill], [], "Board Booked");
    const b = await worker([w.skill], [], "Board Reserve");
    const c = await worker([w.skill], [], "Board Denied");
    await book(w.pm, a, s);
    await book(w.pm, b, s, { status: "Reserve" });
    await applyOn(db, s.slotId, c, "Denied");
    const board = await bookBoard(await ctx(w.pm), s.jobId);
    expect(board.can).toEqual({ book: true, request: true, rates: true });
    expect(board.shifts).toHaveLength(1);
    expect(board.shifts[0]).toMatchObject({ id: s.shiftId, ended: false });
    const [slot] = board.shifts[0].slots;
    expect(slot).toMatchObject({ id: s.slotId, positions: 2, filled: 1 });
    expect(slot.applications.map((x) => [x.worker.name, x.status])).toEqual([
      ["Board Booked", "Booked"],
      ["Board Reserve", "Reserve"],
    ]);
  });

  it("a client contact sees its own company's jobs and may only request; a worker may not open it", async () => {
    const own = await oneShiftJob("2027-01-21T08:00:00Z", "2027-01-21T12:00:00Z");
    const other = await oneShiftJob("2027-01-21T14:00:00Z", "2027-01-21T18:00:00Z", 2, w.companyB);
    const board = await bookBoard(await ctx(w.colA), own.jobId);
    expect(board.can).toEqual({ book: false, request: true, rates: false });
    expect((await appErrorOf(bookBoard(await ctx(w.colA), other.jobId))).status).toBe(404);
    expect((await appErrorOf(bookBoard(await ctx(w.worker), own.jobId))).status).toBe(403);
  });
});

describe("the background sweep", () => {
  it("turns the held places of every ended shift into Report!, and the jobs follow", async () => {
    const first = await oneShiftJob("2027-02-01T08:00:00Z", "2027-02-01T12:00:00Z");
    const second = await oneShiftJob("2027-02-02T08:00:00Z", "2027-02-02T12:00:00Z");
    const upcoming = await oneShiftJob("2027-02-05T08:00:00Z", "2027-02-05T12:00:00Z");
    const [a] = await book(w.pm, await worker([w.skill]), first);
    const [b] = await book(w.pm, await worker([w.skill]), second);
    const [c] = await book(w.pm, await worker([w.skill]), upcoming);
    const sweep = makeCtx(db, systemActor("status sweep"), { now: at("2027-02-03T00:00:00Z") });
    expect(await withTx(sweep, (tx) => sweepEndedShifts(tx))).toBeGreaterThanOrEqual(2);
    expect(await applicationStatus(db, a.id)).toBe("Report!");
    // The change is logged once, by the sweep that wrote it; a second round finds nothing.
    const logged = await db
      .select({ id: schema.activityLog.id })
      .from(schema.activityLog)
      .where(
        and(
          eq(schema.activityLog.subjectType, "applications"),
          eq(schema.activityLog.subjectId, a.id),
          sql`${schema.activityLog.properties}->>'to' = 'Report!'`,
        ),
      );
    expect(logged).toHaveLength(1);
    expect(await withTx(sweep, (tx) => sweepEndedShifts(tx))).toBe(0);
    expect(await applicationStatus(db, b.id)).toBe("Report!");
    expect(await applicationStatus(db, c.id)).toBe("Booked");
    expect((await jobRow(db, first.jobId)).status).toBe("Report!");
    expect((await jobRow(db, upcoming.jobId)).status).toBe("Published");
  });
});
