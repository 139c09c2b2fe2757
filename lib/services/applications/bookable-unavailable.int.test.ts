import { describe, expect, it } from "vitest";
import { schema } from "@/db";
import { type JobWorld } from "@/lib/testing/jobs-fixtures";
import { bookingKit, bookingSuite } from "@/lib/testing/booking-fixtures";
import { bookableUsers } from ".";

let w: JobWorld;
let k: ReturnType<typeof bookingKit>;
const NOW = new Date("2026-12-07T11:00:00Z");

bookingSuite(NOW, (s) => ({ w, k } = s));

describe("bookable users: a worker who marked the shift's day unavailable", () => {
  it("sorts after the free and rest-time ones, before the overlapping, with the day in words", async () => {
    // 14:00Z on 10 December is that day in Copenhagen, the job's zone.
    const target = await k.oneShiftJob("2026-12-10T14:00:00Z", "2026-12-10T22:00:00Z", 5);
    const overlapping = await k.oneShiftJob("2026-12-10T12:00:00Z", "2026-12-10T16:00:00Z", 5);
    const early = await k.oneShiftJob("2026-12-10T04:00:00Z", "2026-12-10T09:00:00Z", 5);

    const off = await k.worker([w.skill], [], "Offday Abe");
    const busy = await k.worker([w.skill], [], "Offday Bo");
    await k.book(w.pm, busy, overlapping);
    const tired = await k.worker([w.skill], [], "Offday Cleo");
    await k.book(w.pm, tired, early);
    const free = await k.worker([w.skill], [], "Offday Dan");
    // A mark on another day changes nothing.
    const otherDay = await k.worker([w.skill], [], "Offday Eve");
    const db = (await k.ctx(w.pm)).db;
    await db.insert(schema.unavailableDays).values([
      { userId: off, day: "2026-12-10", note: "Exam" },
      { userId: otherDay, day: "2026-12-11" },
    ]);

    const page = await bookableUsers(await k.ctx(w.pm), {
      username: "offday",
      prefer_skill: w.skill,
      shiftIds: [target.shiftId],
    });
    expect(page.items.map((u) => u.id)).toEqual([free, otherDay, tired, off, busy]);
    expect(page.items.find((u) => u.id === off)?.unavailable).toEqual([
      { date: "2026-12-10", note: "Exam", label: "Unavailable — Exam" },
    ]);
    expect(page.items.filter((u) => u.unavailable.length).map((u) => u.id)).toEqual([off]);

    // Without shifts: by name, no label.
    const plain = await bookableUsers(await k.ctx(w.pm), { username: "offday" });
    expect(plain.items.map((u) => u.id)).toEqual([off, busy, tired, free, otherDay]);
    expect(plain.items.every((u) => u.unavailable.length === 0)).toBe(true);
  });
});
