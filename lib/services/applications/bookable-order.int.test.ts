import { describe, expect, it } from "vitest";
import { schema, type Db, type DbHandle } from "@/db";
import { type JobWorld } from "@/lib/testing/jobs-fixtures";
import { bookingKit, bookingSuite } from "@/lib/testing/booking-fixtures";
import { countingDb } from "@/lib/testing/counting-db";
import { roleId } from "@/seed/reference";
import { ROLE } from "@/lib/domain/permissions";
import { loadActor, makeCtx } from "@/lib/services/context";
import { bookableUsers } from ".";
import { WALK_FROM_HOLDERS, WALK_FROM_HOLDERS_ON_SHIFTS } from "./bookable-statements";

let handle: DbHandle;
let db: Db;
let w: JobWorld;
let k: ReturnType<typeof bookingKit>;
const NOW = new Date("2026-12-07T11:00:00Z");

bookingSuite(NOW, (s) => ({ handle, db, w, k } = s));

describe("bookable users: skill match first, then availability (server-side, across pages)", () => {
  it("orders free, rest-time, overlapping and already-booked workers with the skill before those without", async () => {
    const target = await k.oneShiftJob("2026-12-10T14:00:00Z", "2026-12-10T22:00:00Z", 5);
    const overlapping = await k.oneShiftJob("2026-12-10T12:00:00Z", "2026-12-10T16:00:00Z", 5);
    const early = await k.oneShiftJob("2026-12-10T04:00:00Z", "2026-12-10T09:00:00Z", 5);
    // A day-long shift that began 23 hours before the target still overlaps it (a reading that
    // looked back less than a longest shift from each window would miss it).
    const dayLong = await k.oneShiftJob("2026-12-09T15:00:00Z", "2026-12-10T15:00:00Z", 5);

    const noSkill = await k.worker([w.skill2], [], "Sortme Anna");
    const busy = await k.worker([w.skill], [], "Sortme Bo");
    await k.book(w.pm, busy, overlapping);
    const allDay = await k.worker([w.skill], [], "Sortme Bea");
    await k.book(w.pm, allDay, dayLong);
    const tired = await k.worker([w.skill], [], "Sortme Cleo");
    await k.book(w.pm, tired, early);
    const free = await k.worker([w.skill], [], "Sortme Dan");
    const there = await k.worker([w.skill], [], "Sortme Eve");
    await k.book(w.pm, there, target);
    // Without the skill and busy: after every worker without it who is free, though first by name.
    const noSkillBusy = await k.worker([w.skill2], [], "Sortme Abe");
    await k.book(w.pm, noSkillBusy, overlapping, { book_anyway: true });

    const query = {
      username: "sortme",
      prefer_skill: w.skill,
      shiftIds: [target.shiftId],
    };
    // The same list whether the skill is read from its holders (rare: the test's few workers)
    // or probed as the users are walked by name (common: forced with a threshold of 0).
    for (const walkFrom of [WALK_FROM_HOLDERS, 0]) {
      const page = await bookableUsers(await k.ctx(w.pm), query, walkFrom);
      const order = [free, tired, allDay, busy, there, noSkill, noSkillBusy];
      expect(page.items.map((u) => u.id)).toEqual(order);
      expect(page.items.map((u) => u.has_skill)).toEqual([
        true,
        true,
        true,
        true,
        true,
        false,
        false,
      ]);
      expect(page.meta.total).toBe(7);

      // Page by page (read band by band: a page may start in a later band, or span two), every
      // place holds the worker the whole list has there, and past the end nothing.
      for (const perPage of [1, 2, 4]) {
        const seen: number[] = [];
        for (let n = 1; n <= Math.ceil(order.length / perPage) + 1; n++) {
          const p = await bookableUsers(
            await k.ctx(w.pm),
            { ...query, perPage, page: n },
            walkFrom,
          );
          seen.push(...p.items.map((u) => u.id));
          // Whichever band a page starts in, it carries the count of every match.
          if (p.items.length) expect(p.meta.total).toBe(order.length);
        }
        expect(seen).toEqual(order);
      }

      // The order holds across pages: the second page of two continues it.
      const second = await bookableUsers(
        await k.ctx(w.pm),
        { ...query, perPage: 2, page: 2 },
        walkFrom,
      );
      expect(second.items.map((u) => u.id)).toEqual([allDay, busy]);
    }

    // Without shifts or a preferred skill: by name.
    const plain = await bookableUsers(await k.ctx(w.pm), { username: "sortme" });
    expect(plain.items.map((u) => u.id)).toEqual([
      noSkillBusy,
      noSkill,
      allDay,
      busy,
      tired,
      free,
      there,
    ]);
  });
});

describe("bookable users: the count", () => {
  it("counts ten pages past the current one: beyond that the total is a floor (total_capped)", async () => {
    const ids: number[] = [];
    for (let i = 10; i < 23; i++) ids.push(await k.worker([w.skill], [], `Windowme ${i}`));
    const ctx = await k.ctx(w.pm);
    const all = await bookableUsers(ctx, { username: "windowme", perPage: 20 });
    expect(all.items.map((u) => u.id)).toEqual(ids);
    expect(all.meta).toEqual({ current_page: 1, last_page: 1, per_page: 20, total: 13 });
    // One a page: page 1 counts 11 rows (itself and ten more) and finds a twelfth.
    const first = await bookableUsers(ctx, { username: "windowme", perPage: 1 });
    expect(first.items.map((u) => u.id)).toEqual([ids[0]]);
    expect(first.meta).toEqual({
      current_page: 1,
      last_page: 11,
      per_page: 1,
      total: 11,
      total_capped: true,
    });
    // Page 3 counts to 13: every match, so the total is exact again; page 12 is the twelfth.
    const third = await bookableUsers(ctx, { username: "windowme", perPage: 1, page: 3 });
    expect(third.meta).toEqual({ current_page: 3, last_page: 13, per_page: 1, total: 13 });
    const twelfth = await bookableUsers(ctx, { username: "windowme", perPage: 1, page: 12 });
    expect(twelfth.items.map((u) => u.id)).toEqual([ids[11]]);
    // Past the last page the count is a statement of its own, with the same window.
    const past = await bookableUsers(ctx, { username: "windowme", perPage: 1, page: 20 });
    expect(past.items).toEqual([]);
    expect(past.meta).toEqual({ current_page: 20, last_page: 13, per_page: 1, total: 13 });
  });
});

describe("bookable users: read from a skill's holders or walked by name", () => {
  it("walks by name for a booking once a skill has WALK_FROM_HOLDERS_ON_SHIFTS holders, reads the holders below WALK_FROM_HOLDERS otherwise", async () => {
    // A skill of its own with 120 holders: between the two thresholds.
    const [skill] = await db
      .insert(schema.skills)
      .values({ name: "Pyro", order: 90 })
      .returning({ id: schema.skills.id });
    const holders = WALK_FROM_HOLDERS_ON_SHIFTS + 20;
    expect(holders).toBeLessThan(WALK_FROM_HOLDERS);
    const users = await db
      .insert(schema.users)
      .values(
        Array.from({ length: holders }, (_, i) => ({
          email: `pyro${i}@example.test`,
          name: `Pyro ${String(i).padStart(3, "0")}`,
          passwordHash: "not-a-password",
          approved: true,
          status: "active" as const,
        })),
      )
      .returning({ id: schema.users.id });
    const worker = await roleId(db, ROLE.worker);
    await db.insert(schema.userRoles).values(users.map((u) => ({ userId: u.id, roleId: worker })));
    await db
      .insert(schema.userSkills)
      .values(users.map((u) => ({ userId: u.id, skillId: skill.id })));
    const s = await k.oneShiftJob("2026-12-20T08:00:00Z", "2026-12-20T16:00:00Z");

    const counting = countingDb(handle);
    const c = makeCtx(counting.db, await loadActor(db, w.pm), { now: NOW });
    // Walked, each user is probed for the skill by user_skills' key (`hasSkill`); read from the
    // holders, the skill is a join.
    const walked = () => counting.sent().some((q) => /us\.skill_id = any\(array\(/.test(q));
    const firstPage = users.slice(0, 50).map((u) => u.id);

    counting.reset();
    const booking = await bookableUsers(c, {
      skill: skill.id,
      shiftIds: String(s.shiftId),
      perPage: 50,
    });
    expect(walked()).toBe(true);
    expect(booking.items.map((u) => u.id)).toEqual(firstPage);
    expect(booking.meta.total).toBe(holders);

    counting.reset();
    const searching = await bookableUsers(c, { skill: skill.id, perPage: 50 });
    expect(walked()).toBe(false);
    expect(searching.items.map((u) => u.id)).toEqual(firstPage);
    expect(searching.meta.total).toBe(holders);
  });
});
