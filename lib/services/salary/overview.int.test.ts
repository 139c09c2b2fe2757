import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "@/db";
import { countingDb } from "@/lib/testing/counting-db";
import { ctxFor } from "@/lib/testing/fixtures";
import { buildJobSalaries, salaryOverview } from ".";
import { db, handle, k, NOV, approvedHours, rate, setupSalaryWorld } from "./salary.test-support";

setupSalaryWorld();

/** A one-hour salary line of `skill` on `workDate` (100.00 DKK), as rows to insert. */
const lineOf = (skill: number) => (userId: number, workDate: string) => ({
  userId,
  skillId: skill,
  workDate,
  startsAt: new Date(`${workDate}T08:00:00Z`),
  endsAt: new Date(`${workDate}T09:00:00Z`),
  currencyCode: "DKK",
  standardMinutes: 60,
  standardRate: 10000,
  rateSource: "test",
  amount: 10000,
});

/** The overview's documented order by name: lower(name) either way, ties by id ascending. */
const byName = (users: { id: number; name: string }[], dir: 1 | -1) =>
  [...users]
    .sort((a, b) => {
      const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
      return x === y ? a.id - b.id : (x < y ? -1 : 1) * dir;
    })
    .map((u) => u.id);

/**
 * The salary overview's pages (issue 27): by name the page walks users in name order and asks
 * each whether it has lines in the period; by hours it adds up the period's lines per worker.
 * Both must page the same set of workers, in the documented order, with the count.
 */
describe("GET salary pages", () => {
  it("pages by name (ties by id), by hours, with search and place filters, and counts them", async () => {
    const skill = await k.newSkill();
    await rate({ skillId: skill, branchId: k.branchA, amount: 10000 });
    const admin = await ctxFor(db, k.w.admin);
    const worker = async (name: string, shifts: [from: number, hours: number][]) => {
      const w = await k.newWorker([skill]);
      await db.update(schema.users).set({ name }).where(eq(schema.users.id, w));
      for (const [from, hours] of shifts) {
        const h = await approvedHours(skill, w, from, hours);
        await buildJobSalaries(admin, { jobId: h.jobId });
      }
      return w;
    };
    const bo = await worker("Bo Pagetest", [[-180, 3]]);
    const al1 = await worker("Al Pagetest", [[-170, 1]]);
    const cy = await worker("Cy Pagetest", [
      [-160, 2],
      [-150, 4],
    ]);
    const al2 = await worker("Al Pagetest", [[-140, 5]]);
    // Lower case: first by name all the same (the order ignores case, as the user list's).
    const ab = await worker("ab Pagetest", [[-130, 0.5]]);
    // October only: not a worker of November's overview.
    await worker("Aa Pagetest", [[-600, 8]]);

    const pages = async (sort: string) => {
      const ids: number[] = [];
      for (let page = 1; ; page++) {
        const res = await salaryOverview(admin, {
          filter: { ...NOV, search: "Pagetest" },
          sort,
          page,
          perPage: 2,
        });
        expect(res.meta).toMatchObject({ total: 5, current_page: page });
        ids.push(...res.items.map((i) => i.user_id));
        if (res.items.length < 2) return ids;
      }
    };
    const [alFirst, alSecond] = al1 < al2 ? [al1, al2] : [al2, al1];
    expect(await pages("name")).toEqual([ab, alFirst, alSecond, bo, cy]);
    expect(await pages("-name")).toEqual([cy, bo, alFirst, alSecond, ab]);
    expect(await pages("-hours")).toEqual([cy, al2, bo, al1, ab]);
    expect(await pages("hours")).toEqual([ab, al1, bo, al2, cy]);

    const one = await salaryOverview(admin, { filter: { ...NOV, search: "Cy Page" } });
    expect(one.items).toEqual([
      expect.objectContaining({ user_id: cy, minutes: 360, lines: 2, status: "draft" }),
    ]);
    expect(one.meta.total).toBe(1);
    const elsewhere = await salaryOverview(admin, {
      filter: { ...NOV, search: "Pagetest", branch_id: k.branchB },
    });
    expect([elsewhere.items, elsewhere.meta.total]).toEqual([[], 0]);
    const here = await salaryOverview(admin, {
      filter: { ...NOV, search: "Pagetest", branch_id: k.branchA },
    });
    expect(here.meta.total).toBe(5);
  });

  it("counts the workers ten pages past the page asked, a floor beyond (total_capped)", async () => {
    const skill = await k.newSkill();
    const ids: number[] = [];
    for (let n = 10; n < 22; n++) {
      const w = await k.newWorker([skill]);
      await db
        .update(schema.users)
        .set({ name: `Win${n} Windowtest` })
        .where(eq(schema.users.id, w));
      ids.push(w);
    }
    // One line each in November (the count reads lines only, not how they were built).
    await db.insert(schema.salaryLines).values(
      ids.map((userId) => ({
        userId,
        skillId: skill,
        workDate: "2026-11-10",
        startsAt: new Date("2026-11-10T08:00:00Z"),
        endsAt: new Date("2026-11-10T09:00:00Z"),
        currencyCode: "DKK",
        standardMinutes: 60,
        standardRate: 10000,
        rateSource: "test",
        amount: 10000,
      })),
    );
    const admin = await ctxFor(db, k.w.admin);
    const page = (page: number) =>
      salaryOverview(admin, { filter: { ...NOV, search: "Windowtest" }, page, perPage: 1 });
    // Page 1 of 1 a page counts 11 (itself and ten more): 12 workers are "11+".
    const first = await page(1);
    expect(first.items.map((i) => i.user_id)).toEqual([ids[0]]);
    expect(first.meta).toEqual({
      current_page: 1,
      last_page: 11,
      per_page: 1,
      total: 11,
      total_capped: true,
    });
    // Page 2 counts 12: every worker, exact.
    const second = await page(2);
    expect(second.items.map((i) => i.user_id)).toEqual([ids[1]]);
    expect(second.meta).toEqual({ current_page: 2, last_page: 12, per_page: 1, total: 12 });
    // By hours the count is the same window.
    const byHours = await salaryOverview(admin, {
      filter: { ...NOV, search: "Windowtest" },
      sort: "hours",
      perPage: 1,
    });
    expect(byHours.meta).toMatchObject({ total: 11, total_capped: true });
  });

  it("pages past the top of the list (one hash of the period's workers) in the same order", async () => {
    const skill = await k.newSkill();
    // 1,000 users: every other one worked in November; a quarter only in October (not workers
    // of the period), the rest never. Names repeat (ties by id) and differ in case.
    const users = await db
      .insert(schema.users)
      .values(
        Array.from({ length: 1000 }, (_, i) => ({
          name: `${i % 3 ? "D" : "d"}eep${String(i % 400).padStart(3, "0")} Deeptest`,
          email: `deeptest${i}@example.test`,
          passwordHash: "x",
        })),
      )
      .returning({ id: schema.users.id, name: schema.users.name });
    const line = lineOf(skill);
    await db
      .insert(schema.salaryLines)
      .values(
        users.flatMap((u, i) =>
          i % 2 === 0 ? [line(u.id, "2026-11-10")] : i % 4 === 1 ? [line(u.id, "2026-10-10")] : [],
        ),
      );
    // The documented order: lower(name) ascending or descending, ties by id ascending.
    const workers = users.filter((_, i) => i % 2 === 0);
    const inOrder = (dir: 1 | -1) => byName(workers, dir);
    const admin = await ctxFor(db, k.w.admin);
    const walk = async (sort: string) => {
      const ids: number[] = [];
      // Offsets 0–300 probe per user, 400 and 500 hash the period's workers.
      for (let page = 1; page <= 6; page++) {
        const res = await salaryOverview(admin, {
          filter: { ...NOV, search: "Deeptest" },
          sort,
          page,
          perPage: 100,
        });
        expect(res.meta).toMatchObject({ total: 500, current_page: page });
        ids.push(...res.items.map((i) => i.user_id));
      }
      return ids;
    };
    expect(await walk("name")).toEqual(inOrder(1));
    expect(await walk("-name")).toEqual(inOrder(-1));
  });

  it("pages a whole month by name from salary_month_workers, as the lines page it, in two statements", async () => {
    const skill = await k.newSkill();
    // March 2031 is this test's alone: its whole month has no search to narrow it. 600 users,
    // two of three with lines on the 10th (some two), names repeating and differing in case.
    const users = await db
      .insert(schema.users)
      .values(
        Array.from({ length: 600 }, (_, i) => ({
          name: `${i % 3 ? "M" : "m"}onth${String(i % 250).padStart(3, "0")} Monthtest`,
          email: `monthtest${i}@example.test`,
          passwordHash: "x",
        })),
      )
      .returning({ id: schema.users.id, name: schema.users.name });
    const line = lineOf(skill);
    await db
      .insert(schema.salaryLines)
      .values(
        users.flatMap((u, i) =>
          i % 3 === 2
            ? [line(u.id, "2031-04-10")]
            : i % 5 === 0
              ? [line(u.id, "2031-03-10"), line(u.id, "2031-03-10")]
              : [line(u.id, "2031-03-10")],
        ),
      );
    const workers = users.filter((_, i) => i % 3 !== 2);
    const linesOf = (id: number) => (users.findIndex((u) => u.id === id) % 5 === 0 ? 2 : 1);
    const inOrder = (dir: 1 | -1) => byName(workers, dir);
    const counting = countingDb(handle);
    const admin = await ctxFor(counting.db, k.w.admin);
    const MARCH = { from: "2031-03-01", to: "2031-03-31" };
    // Not a whole month (the 31st left out): read from the lines, the same workers.
    const FROM_LINES = { from: "2031-03-01", to: "2031-03-30" };
    const walk = async (filter: { from: string; to: string }, sort: string) => {
      const ids: number[] = [];
      for (let page = 1; page <= 5; page++) {
        counting.reset();
        const res = await salaryOverview(admin, { filter, sort, page, perPage: 100 });
        expect(res.meta).toMatchObject({ total: 400, current_page: page });
        // The count, the page's workers with their figures: whatever the offset.
        expect(counting.statements()).toBe(2);
        ids.push(...res.items.map((i) => i.user_id));
      }
      return ids;
    };
    expect(await walk(MARCH, "name")).toEqual(inOrder(1));
    expect(await walk(MARCH, "-name")).toEqual(inOrder(-1));
    expect(await walk(FROM_LINES, "name")).toEqual(inOrder(1));
    expect(await walk(FROM_LINES, "-name")).toEqual(inOrder(-1));
    // Seven a page: from offset 14 on (the count from the top would walk more than the page
    // skips) a page counts from its first worker; the totals and rows are the same.
    for (const sort of ["name", "-name"]) {
      const order = inOrder(sort === "name" ? 1 : -1);
      for (const page of [1, 2, 3, 50, 57, 58, 59]) {
        counting.reset();
        const res = await salaryOverview(admin, { filter: MARCH, sort, page, perPage: 7 });
        const window = (page - 1) * 7 + 77;
        expect(res.meta).toEqual({
          current_page: page,
          last_page: Math.ceil(Math.min(400, window) / 7),
          per_page: 7,
          total: Math.min(400, window),
          ...(400 > window ? { total_capped: true } : {}),
        });
        expect(res.items.map((i) => i.user_id)).toEqual(order.slice((page - 1) * 7, page * 7));
        expect(counting.statements()).toBe(2);
      }
    }
    counting.reset();
    const first = await salaryOverview(admin, { filter: MARCH, perPage: 1 });
    expect(counting.sent()[0]).toContain("salary_month_workers");
    expect(first.items[0]).toMatchObject({ user_id: inOrder(1)[0], lines: 2, minutes: 120 });
    // Page 1 of 1 a page counts 11 (itself and ten more), from the same index.
    expect(first.meta).toEqual({
      current_page: 1,
      last_page: 11,
      per_page: 1,
      total: 11,
      total_capped: true,
    });

    // The triggers keep the month's workers as the lines change: a line moved to April, a
    // worker's only line removed, a worker renamed to the top, a status change (nothing).
    const [moved, removed, renamed] = [inOrder(1)[1], inOrder(1)[2], inOrder(1)[399]];
    const only = (userId: number) =>
      and(eq(schema.salaryLines.userId, userId), eq(schema.salaryLines.workDate, "2031-03-10"));
    await db.update(schema.salaryLines).set({ workDate: "2031-04-11" }).where(only(moved));
    await db.delete(schema.salaryLines).where(only(removed));
    await db
      .update(schema.users)
      .set({ name: "AAA Monthtest" })
      .where(eq(schema.users.id, renamed));
    await db
      .update(schema.salaryLines)
      .set({ status: "paid" })
      .where(eq(schema.salaryLines.workDate, "2031-03-10"));
    const after = inOrder(1).filter((id) => id !== moved && id !== removed && id !== renamed);
    const all: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await salaryOverview(admin, { filter: MARCH, perPage: 100, page });
      expect(res.meta.total).toBe(398);
      all.push(...res.items.map((i) => i.user_id));
    }
    expect(all).toEqual([renamed, ...after]);
    const april = await salaryOverview(admin, {
      filter: { from: "2031-04-01", to: "2031-04-30" },
      perPage: 100,
      page: 3,
    });
    expect(april.meta.total).toBe(201);
    const rows = await db
      .select()
      .from(schema.salaryMonthWorkers)
      .where(inArray(schema.salaryMonthWorkers.userId, [moved, removed, renamed]));
    expect(rows.map((r) => [r.userId, r.month, r.lines, r.nameKey]).sort()).toEqual(
      [
        [
          moved,
          "2031-04-01",
          linesOf(moved),
          users.find((u) => u.id === moved)!.name.toLowerCase(),
        ],
        [renamed, "2031-03-01", linesOf(renamed), "aaa monthtest"],
      ].sort(),
    );
  });
});
