import { describe, expect, it } from "vitest";
import { type JobWorld } from "@/lib/testing/jobs-fixtures";
import { bookingKit, bookingSuite } from "@/lib/testing/booking-fixtures";
import { bookableUsers } from ".";

let w: JobWorld;
let k: ReturnType<typeof bookingKit>;
const NOW = new Date("2026-12-07T11:00:00Z");

bookingSuite(NOW, (s) => ({ w, k } = s));

describe("bookable users: skill match first, then availability (server-side, across pages)", () => {
  it("orders free, rest-time, overlapping and already-booked workers with the skill before those without", async () => {
    const target = await k.oneShiftJob("2026-12-10T14:00:00Z", "2026-12-10T22:00:00Z", 5);
    const overlapping = await k.oneShiftJob("2026-12-10T12:00:00Z", "2026-12-10T16:00:00Z", 5);
    const early = await k.oneShiftJob("2026-12-10T04:00:00Z", "2026-12-10T09:00:00Z", 5);

    const noSkill = await k.worker([w.skill2], [], "Sortme Anna");
    const busy = await k.worker([w.skill], [], "Sortme Bo");
    await k.book(w.pm, busy, overlapping);
    const tired = await k.worker([w.skill], [], "Sortme Cleo");
    await k.book(w.pm, tired, early);
    const free = await k.worker([w.skill], [], "Sortme Dan");
    const there = await k.worker([w.skill], [], "Sortme Eve");
    await k.book(w.pm, there, target);

    const query = {
      username: "sortme",
      prefer_skill: w.skill,
      shiftIds: [target.shiftId],
    };
    const page = await bookableUsers(await k.ctx(w.pm), query);
    expect(page.items.map((u) => u.id)).toEqual([free, tired, busy, there, noSkill]);
    expect(page.items.map((u) => u.has_skill)).toEqual([true, true, true, true, false]);

    // The order holds across pages: the second page of two continues it.
    const second = await bookableUsers(await k.ctx(w.pm), { ...query, perPage: 2, page: 2 });
    expect(second.items.map((u) => u.id)).toEqual([busy, there]);

    // Without shifts or a preferred skill: by name.
    const plain = await bookableUsers(await k.ctx(w.pm), { username: "sortme" });
    expect(plain.items.map((u) => u.id)).toEqual([noSkill, busy, tired, free, there]);
  });
});
