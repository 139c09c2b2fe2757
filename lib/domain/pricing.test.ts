import { describe, expect, it } from "vitest";
import { holidayCheck } from "./holidays";
import {
  type Band,
  type RateBands,
  costOf,
  describeDuration,
  describeSplit,
  minuteOfDay,
  priceShift,
  splitMinutes,
  toMinorUnits,
} from "./pricing";
import { toLocal } from "./time";

// Prices are minor units per hour: 200.00, 300.00 and 400.00 DKK.
const RATE: RateBands = {
  standard: 20000,
  weekend: 30000,
  night: 40000,
  nightStart: "22:00",
  nightEnd: "06:00",
};
const NO_NIGHT: RateBands = { ...RATE, nightStart: null, nightEnd: null };
const CPH = "Europe/Copenhagen";
const never = () => false;
const dk = holidayCheck("DK");

/** Instants written with their Copenhagen offset (+01:00 in winter, +02:00 in summer). */
const at = (iso: string) => new Date(iso);
const split = (standard: number, weekend: number, night: number): Record<Band, number> => ({
  standard,
  weekend,
  night,
});

function price(
  start: string,
  end: string,
  rate = RATE,
  extra: Partial<Parameters<typeof priceShift>[0]> = {},
) {
  return priceShift({
    start: at(start),
    end: at(end),
    timeZone: CPH,
    isHoliday: dk,
    rate,
    ...extra,
  });
}

describe("priceShift: the engine's worked examples (Europe/Copenhagen, DK holidays)", () => {
  it("prices a weekday day shift as standard", () => {
    // Tue 2026-11-24 08:00–16:00: 8 h standard × 20000 = 160000.
    expect(price("2026-11-24T08:00:00+01:00", "2026-11-24T16:00:00+01:00")).toEqual({
      minutes: split(480, 0, 0),
      total: 160000,
    });
  });

  it("prices a night shift crossing midnight with the 22:00–06:00 window", () => {
    // Tue 20:00 → Wed 04:00: 20–22 standard (2 h × 20000 = 40000),
    // 22–04 night (6 h × 40000 = 240000); 280000.
    expect(price("2026-11-24T20:00:00+01:00", "2026-11-25T04:00:00+01:00")).toEqual({
      minutes: split(120, 0, 360),
      total: 280000,
    });
  });

  it("ends the night window at 06:00 and starts it at 22:00, to the minute", () => {
    // Wed 04:00–08:00: 04–06 night (2 h × 40000), 06–08 standard (2 h × 20000); 120000.
    expect(price("2026-11-25T04:00:00+01:00", "2026-11-25T08:00:00+01:00")).toEqual({
      minutes: split(120, 0, 120),
      total: 120000,
    });
    // 05:59–06:01: 1 min night (40000) + 1 min standard (20000) = 60000 minor-minutes = 1000.
    expect(price("2026-11-25T05:59:00+01:00", "2026-11-25T06:01:00+01:00")).toEqual({
      minutes: split(1, 0, 1),
      total: 1000,
    });
    // 21:59–22:01 the other way round: also 1000.
    expect(price("2026-11-25T21:59:00+01:00", "2026-11-25T22:01:00+01:00")).toEqual({
      minutes: split(1, 0, 1),
      total: 1000,
    });
  });

  it("prices a window that does not cross midnight (13:00–15:00) as night inside it", () => {
    // Tue 12:00–16:00 with night 13:00–15:00: 2 h standard + 2 h night = 40000 + 80000.
    const rate = { ...RATE, nightStart: "13:00", nightEnd: "15:00" };
    expect(price("2026-11-24T12:00:00+01:00", "2026-11-24T16:00:00+01:00", rate)).toEqual({
      minutes: split(120, 0, 120),
      total: 120000,
    });
  });

  it("prices Saturday into Sunday as weekend, with the night window beating it", () => {
    // Sat 2026-11-28 14:00 → Sun 02:00: 14–22 weekend (8 h × 30000 = 240000),
    // 22–02 night (4 h × 40000 = 160000); 400000.
    expect(price("2026-11-28T14:00:00+01:00", "2026-11-29T02:00:00+01:00")).toEqual({
      minutes: split(0, 480, 240),
      total: 400000,
    });
    // Without a night window, Sat 20:00 → Sun 04:00 is 8 h weekend × 30000 = 240000.
    expect(price("2026-11-28T20:00:00+01:00", "2026-11-29T04:00:00+01:00", NO_NIGHT)).toEqual({
      minutes: split(0, 480, 0),
      total: 240000,
    });
  });

  it("goes back to standard at Monday's midnight", () => {
    // Sun 2026-11-29 20:00 → Mon 04:00, no window: 4 h weekend (120000) + 4 h standard (80000).
    expect(price("2026-11-29T20:00:00+01:00", "2026-11-30T04:00:00+01:00", NO_NIGHT)).toEqual({
      minutes: split(240, 240, 0),
      total: 200000,
    });
  });

  it("prices Friday night into Saturday: night beats weekend", () => {
    // Fri 2026-11-27 18:00 → Sat 08:00: Fri 18–22 standard (4 h × 20000 = 80000),
    // 22–06 night, also Saturday 00–06 (8 h × 40000 = 320000), Sat 06–08 weekend
    // (2 h × 30000 = 60000); 460000.
    expect(price("2026-11-27T18:00:00+01:00", "2026-11-28T08:00:00+01:00")).toEqual({
      minutes: split(240, 120, 480),
      total: 460000,
    });
  });

  it("counts 60 fewer minutes across the spring DST change (2026-03-29)", () => {
    // Sat 22:00 CET (21:00Z) → Sun 08:00 CEST (06:00Z) is 9 real hours, not 10: the clock
    // jumps 02:00 → 03:00. 22:00–06:00 wall clock = 7 h night (280000), Sunday 06–08 =
    // 2 h weekend (60000); 340000.
    expect(price("2026-03-28T22:00:00+01:00", "2026-03-29T08:00:00+02:00")).toEqual({
      minutes: split(0, 120, 420),
      total: 340000,
    });
  });

  it("handles a night-window edge that falls in the spring gap (02:30)", () => {
    // Night 02:30–05:00. Sun 00:00 CET (Sat 23:00Z) → 06:00 CEST (04:00Z) = 5 real hours:
    // 00:00–02:00 weekend (2 h), the clock jumps to 03:00, which is inside the window:
    // 03:00–05:00 night (2 h), 05:00–06:00 weekend (1 h).
    // 3 h × 30000 + 2 h × 40000 = 90000 + 80000 = 170000.
    const rate = { ...RATE, nightStart: "02:30", nightEnd: "05:00" };
    expect(price("2026-03-29T00:00:00+01:00", "2026-03-29T06:00:00+02:00", rate)).toEqual({
      minutes: split(0, 180, 120),
      total: 170000,
    });
  });

  it("counts 60 more minutes across the autumn DST change (2026-10-25)", () => {
    // Sat 22:00 CEST (20:00Z) → Sun 06:00 CET (05:00Z) is 9 real hours, all in the night
    // window: 9 h × 40000 = 360000.
    expect(price("2026-10-24T22:00:00+02:00", "2026-10-25T06:00:00+01:00")).toEqual({
      minutes: split(0, 0, 540),
      total: 360000,
    });
  });

  it("bands the repeated autumn hour by its wall-clock time", () => {
    // Night 02:00–03:00. Sun 01:00 CEST (Sat 23:00Z) → 04:00 CET (03:00Z) = 4 real hours:
    // 01–02 weekend, 02–03 CEST night, 02–03 CET night again, 03–04 weekend.
    // 2 h × 30000 + 2 h × 40000 = 140000.
    const rate = { ...RATE, nightStart: "02:00", nightEnd: "03:00" };
    expect(price("2026-10-25T01:00:00+02:00", "2026-10-25T04:00:00+01:00", rate)).toEqual({
      minutes: split(0, 120, 120),
      total: 140000,
    });
  });

  it("prices a Danish public holiday as weekend", () => {
    // Juledag, Fri 2026-12-25 08:00–16:00: 8 h × 30000 = 240000.
    expect(price("2026-12-25T08:00:00+01:00", "2026-12-25T16:00:00+01:00")).toEqual({
      minutes: split(0, 480, 0),
      total: 240000,
    });
    // Langfredag, Fri 2026-04-03 (summer time) 08:00–16:00: 240000 as well.
    expect(price("2026-04-03T08:00:00+02:00", "2026-04-03T16:00:00+02:00")).toEqual({
      minutes: split(0, 480, 0),
      total: 240000,
    });
    // Juleaftensdag (24 Dec) is only an observance, not a public holiday: standard, 160000.
    expect(price("2026-12-24T08:00:00+01:00", "2026-12-24T16:00:00+01:00")).toEqual({
      minutes: split(480, 0, 0),
      total: 160000,
    });
  });

  it("prices a shift across midnight into a holiday by the local date", () => {
    // Thu 2026-12-24 20:00 → Fri 25 04:00, no window: 4 h standard (80000) + 4 h holiday as
    // weekend (120000) = 200000. Local midnight is 23:00Z, so a UTC date would be wrong.
    expect(price("2026-12-24T20:00:00+01:00", "2026-12-25T04:00:00+01:00", NO_NIGHT)).toEqual({
      minutes: split(240, 240, 0),
      total: 200000,
    });
    // With the 22–06 window the night beats the holiday: 2 h × 20000 + 6 h × 40000 = 280000.
    expect(price("2026-12-24T20:00:00+01:00", "2026-12-25T04:00:00+01:00")).toEqual({
      minutes: split(120, 0, 360),
      total: 280000,
    });
    // Out of a holiday: Anden påskedag, Mon 2026-04-06 20:00 → Tue 04:00 CEST, no window:
    // 4 h weekend (120000) + 4 h standard (80000) = 200000.
    expect(price("2026-04-06T20:00:00+02:00", "2026-04-07T04:00:00+02:00", NO_NIGHT)).toEqual({
      minutes: split(240, 240, 0),
      total: 200000,
    });
  });

  it("prices a zero-length shift and an end before the start at 0", () => {
    const zero = { minutes: split(0, 0, 0), total: 0 };
    expect(price("2026-11-24T08:00:00+01:00", "2026-11-24T08:00:00+01:00")).toEqual(zero);
    // Callers move overnight ends to the next day; an end before the start is nothing.
    expect(price("2026-11-24T22:00:00+01:00", "2026-11-24T06:00:00+01:00")).toEqual(zero);
    // Under a minute truncates to nothing too.
    expect(price("2026-11-24T08:00:10+01:00", "2026-11-24T08:00:50+01:00")).toEqual(zero);
    // An invalid date is not a NaN price.
    expect(
      priceShift({
        start: new Date("x"),
        end: at("2026-11-24T08:00:00+01:00"),
        timeZone: CPH,
        isHoliday: never,
        rate: RATE,
      }),
    ).toEqual(zero);
  });

  it("prices a 24-hour shift", () => {
    // Tue 2026-11-24 00:00 → Wed 00:00: night 00–06 and 22–24 (8 h × 40000 = 320000),
    // standard 06–22 (16 h × 20000 = 320000); 640000.
    expect(price("2026-11-24T00:00:00+01:00", "2026-11-25T00:00:00+01:00")).toEqual({
      minutes: split(960, 0, 480),
      total: 640000,
    });
    // Noon to noon over the autumn change is 25 real hours: Sat 12–22 weekend (10 h),
    // 22–06 night (9 real h), Sun 06–12 weekend (6 h).
    // 16 h × 30000 + 9 h × 40000 = 480000 + 360000 = 840000.
    expect(price("2026-10-24T12:00:00+02:00", "2026-10-25T12:00:00+01:00")).toEqual({
      minutes: split(0, 960, 540),
      total: 840000,
    });
  });

  it("truncates seconds of the start and end to the minute", () => {
    // 08:00:45 → 16:00:59.999 counts as 08:00 → 16:00: 480 min, 160000.
    expect(price("2026-11-24T08:00:45+01:00", "2026-11-24T16:00:59.999+01:00")).toEqual({
      minutes: split(480, 0, 0),
      total: 160000,
    });
  });

  it("prices in the time zone it is given", () => {
    // New York, Tue 2026-11-24 20:00 EST → Wed 04:00: 2 h standard + 6 h night = 280000,
    // the same wall clock as the Copenhagen night shift although 6 hours later in UTC.
    const result = priceShift({
      start: at("2026-11-24T20:00:00-05:00"),
      end: at("2026-11-25T04:00:00-05:00"),
      timeZone: "America/New_York",
      isHoliday: never,
      rate: RATE,
    });
    expect(result).toEqual({ minutes: split(120, 0, 360), total: 280000 });
  });
});

describe("breaks", () => {
  const day = (breaks: [string, string][]) =>
    price("2026-11-24T08:00:00+01:00", "2026-11-24T16:00:00+01:00", RATE, {
      breaks: breaks.map(([start, end]) => ({ start: at(start), end: at(end) })),
    });

  it("cuts out a break inside the shift", () => {
    // 8 h − 30 min = 450 min × 20000 / 60 = 150000.
    expect(day([["2026-11-24T12:00:00+01:00", "2026-11-24T12:30:00+01:00"]])).toEqual({
      minutes: split(450, 0, 0),
      total: 150000,
    });
  });

  it("cuts out only the part of a break inside the shift (overlapping the end or start)", () => {
    // 15:30–16:30 overlaps the end by 30 min: 450 min, 150000.
    expect(day([["2026-11-24T15:30:00+01:00", "2026-11-24T16:30:00+01:00"]])).toEqual({
      minutes: split(450, 0, 0),
      total: 150000,
    });
    // 07:00–08:15 overlaps the start by 15 min: 465 min × 20000 / 60 = 155000.
    expect(day([["2026-11-24T07:00:00+01:00", "2026-11-24T08:15:00+01:00"]])).toEqual({
      minutes: split(465, 0, 0),
      total: 155000,
    });
  });

  it("ignores a break outside the shift", () => {
    expect(day([["2026-11-24T17:00:00+01:00", "2026-11-24T18:00:00+01:00"]])).toEqual({
      minutes: split(480, 0, 0),
      total: 160000,
    });
  });

  it("does not cut overlapping breaks twice, and a break covering the shift leaves nothing", () => {
    // 12:00–12:30 and 12:15–12:45 together cut 45 min: 435 min × 20000 / 60 = 145000.
    expect(
      day([
        ["2026-11-24T12:15:00+01:00", "2026-11-24T12:45:00+01:00"],
        ["2026-11-24T12:00:00+01:00", "2026-11-24T12:30:00+01:00"],
      ]),
    ).toEqual({ minutes: split(435, 0, 0), total: 145000 });
    expect(day([["2026-11-24T06:00:00+01:00", "2026-11-24T18:00:00+01:00"]])).toEqual({
      minutes: split(0, 0, 0),
      total: 0,
    });
  });

  it("takes a break out of the band it falls in", () => {
    // Tue 20:00 → Wed 04:00 with a 22:30–23:00 break: 2 h standard (40000) +
    // 5 h 30 min night (330 × 40000 / 60 = 220000) = 260000.
    const result = price("2026-11-24T20:00:00+01:00", "2026-11-25T04:00:00+01:00", RATE, {
      breaks: [{ start: at("2026-11-24T22:30:00+01:00"), end: at("2026-11-24T23:00:00+01:00") }],
    });
    expect(result).toEqual({ minutes: split(120, 0, 330), total: 260000 });
  });

  it("cuts breaks to the minute (seconds truncated)", () => {
    // 12:00:40–12:10:20 counts as 12:00–12:10: 470 min × 20000 / 60 = 156666.67 → 156667.
    expect(day([["2026-11-24T12:00:40+01:00", "2026-11-24T12:10:20+01:00"]])).toEqual({
      minutes: split(470, 0, 0),
      total: 156667,
    });
  });
});

describe("rates with empty bands", () => {
  it("prices a null weekend price at the standard price and drops the night band without a night price", () => {
    // Fri 18:00 → Sat 08:00 with neither price: no night band, so 6 h Friday standard and
    // 8 h Saturday weekend, all 14 h at 20000: 280000.
    const rate = { ...RATE, weekend: null, night: null };
    expect(price("2026-11-27T18:00:00+01:00", "2026-11-28T08:00:00+01:00", rate)).toEqual({
      minutes: split(360, 480, 0),
      total: 280000,
    });
    // Only the night price empty: Saturday's small hours stay weekend minutes rather than
    // falling to the standard price: 6 h × 20000 + 8 h × 30000 = 360000.
    expect(
      price("2026-11-27T18:00:00+01:00", "2026-11-28T08:00:00+01:00", { ...RATE, night: null }),
    ).toEqual({ minutes: split(360, 480, 0), total: 360000 });
    // Only the weekend price empty: 4 h × 20000 + 2 h × 20000 + 8 h × 40000 = 440000.
    expect(
      price("2026-11-27T18:00:00+01:00", "2026-11-28T08:00:00+01:00", { ...RATE, weekend: null }),
    ).toEqual({ minutes: split(240, 120, 480), total: 440000 });
  });

  it("has no night band without a night window", () => {
    // Tue 20:00 → Wed 04:00 with no window: 8 h standard × 20000 = 160000.
    expect(price("2026-11-24T20:00:00+01:00", "2026-11-25T04:00:00+01:00", NO_NIGHT)).toEqual({
      minutes: split(480, 0, 0),
      total: 160000,
    });
    // Only one edge given is no window either.
    for (const edges of [
      { nightStart: "22:00", nightEnd: null },
      { nightStart: null, nightEnd: "06:00" },
    ]) {
      expect(
        price("2026-11-24T20:00:00+01:00", "2026-11-25T04:00:00+01:00", { ...RATE, ...edges }),
      ).toEqual({ minutes: split(480, 0, 0), total: 160000 });
    }
  });

  it("has no night band when the night start equals its end", () => {
    const rate = { ...RATE, nightStart: "22:00", nightEnd: "22:00" };
    expect(price("2026-11-24T20:00:00+01:00", "2026-11-25T04:00:00+01:00", rate)).toEqual({
      minutes: split(480, 0, 0),
      total: 160000,
    });
  });

  it("reads night edges as HH:mm, H:mm or HH:mm:ss, and 24:00 as midnight", () => {
    expect(minuteOfDay("22:00")).toBe(1320);
    expect(minuteOfDay("6:00")).toBe(360);
    expect(minuteOfDay("06:30:00")).toBe(390);
    expect(minuteOfDay("24:00")).toBe(0);
    expect(minuteOfDay("00:00")).toBe(0);
    for (const bad of ["", "25:00", "12:60", "noon", "24:01"]) expect(minuteOfDay(bad)).toBeNull();
    expect(minuteOfDay(null)).toBeNull();
    // A window "22:00"–"24:00" is the last two hours of the day.
    const rate = { ...RATE, nightStart: "22:00", nightEnd: "24:00" };
    expect(price("2026-11-24T20:00:00+01:00", "2026-11-25T04:00:00+01:00", rate).minutes).toEqual(
      split(360, 0, 120),
    );
  });
});

describe("money: cost in minor-unit minutes, rounded once half-up", () => {
  it("rounds half-up", () => {
    // 1 minute at 125/h = 125 / 60 = 2.0833 → 2.
    expect(costOf(split(1, 0, 0), { ...RATE, standard: 125 })).toBe(125);
    expect(toMinorUnits(125)).toBe(2);
    // 3 minutes at 250/h = 750 / 60 = 12.5 → 13.
    expect(costOf(split(3, 0, 0), { ...RATE, standard: 250 })).toBe(750);
    expect(toMinorUnits(750)).toBe(13);
    expect(toMinorUnits(29)).toBe(0); // 0.483
    expect(toMinorUnits(30)).toBe(1); // 0.5
    expect(toMinorUnits(89)).toBe(1); // 1.483
    expect(toMinorUnits(90)).toBe(2); // 1.5
    expect(toMinorUnits(0)).toBe(0);
    // A negative amount (a loss) rounds half away from zero, mirroring the positive one.
    expect(toMinorUnits(-750)).toBe(-13);
    expect(toMinorUnits(-29)).toBe(0);
  });

  it("weights each band with its price", () => {
    // 60 × 20000 + 30 × 30000 + 15 × 40000 = 1200000 + 900000 + 600000 = 2700000.
    expect(costOf(split(60, 30, 15), RATE)).toBe(2700000);
    expect(toMinorUnits(2700000)).toBe(45000);
  });

  it("adds many shifts exactly and rounds once, which differs from rounding each", () => {
    // Two 3-minute shifts at 250/h: each alone is 12.5 → 13, so 26 when rounded per
    // shift; summed first, 750 + 750 = 1500 / 60 = 25 exactly.
    const rate = { ...RATE, standard: 250 };
    const one = price("2026-11-24T08:00:00+01:00", "2026-11-24T08:03:00+01:00", rate);
    const two = price("2026-11-25T08:00:00+01:00", "2026-11-25T08:03:00+01:00", rate);
    expect(one.total + two.total).toBe(26);
    expect(toMinorUnits(costOf(one.minutes, rate) + costOf(two.minutes, rate))).toBe(25);
    // Positions multiply exactly too: 3 workers × 7 min at 125/h = 2625 / 60 = 43.75 → 44,
    // where 3 × round(875 / 60 = 14.58 → 15) would be 45.
    const seven = costOf(split(7, 0, 0), { ...RATE, standard: 125 });
    expect(toMinorUnits(3 * seven)).toBe(44);
    expect(3 * toMinorUnits(seven)).toBe(45);
  });
});

describe("describeSplit", () => {
  it("names each band with its hours and minutes, in order, leaving out empty bands", () => {
    expect(describeSplit(split(360, 0, 120))).toBe("6 h standard, 2 h night");
    expect(describeSplit(split(450, 0, 0))).toBe("7 h 30 min standard");
    expect(describeSplit(split(0, 45, 0))).toBe("45 min weekend");
    expect(describeSplit(split(61, 60, 1))).toBe("1 h 1 min standard, 1 h weekend, 1 min night");
    expect(describeSplit(split(0, 960, 540))).toBe("16 h weekend, 9 h night");
  });

  it('says "0 h" for nothing', () => {
    expect(describeSplit(split(0, 0, 0))).toBe("0 h");
    expect(describeDuration(0)).toBe("0 h");
  });
});

/** The obvious minute-by-minute implementation, to check the boundary walk against. */
function referenceSplit(
  start: Date,
  end: Date,
  timeZone: string,
  rate: RateBands,
  isHoliday: (d: string) => boolean,
  breaks: { start: Date; end: Date }[] = [],
) {
  const result = split(0, 0, 0);
  const s = minuteOfDay(rate.nightStart);
  const e = minuteOfDay(rate.nightEnd);
  const first = Math.floor(start.getTime() / 60000);
  const last = Math.floor(end.getTime() / 60000);
  for (let m = first; m < last; m++) {
    const t = m * 60000;
    if (
      breaks.some(
        (b) =>
          t >= Math.floor(b.start.getTime() / 60000) * 60000 &&
          t < Math.floor(b.end.getTime() / 60000) * 60000,
      )
    )
      continue;
    const l = toLocal(new Date(t), timeZone);
    const minute = l.hour * 60 + l.minute;
    const night =
      s !== null &&
      e !== null &&
      s !== e &&
      (s < e ? minute >= s && minute < e : minute >= s || minute < e);
    const date = `${l.year}-${String(l.month).padStart(2, "0")}-${String(l.day).padStart(2, "0")}`;
    const weekday = new Date(Date.UTC(l.year, l.month - 1, l.day)).getUTCDay();
    result[
      night ? "night" : weekday === 0 || weekday === 6 || isHoliday(date) ? "weekend" : "standard"
    ]++;
  }
  return result;
}

describe("the boundary walk agrees with a minute-by-minute count", () => {
  // Zones with DST on the hour, a 30-minute DST shift (Lord Howe), no DST, and the
  // southern hemisphere; starts around DST changes, holidays and weekends.
  const cases: { zone: string; starts: string[] }[] = [
    { zone: CPH, starts: ["2026-03-28T17:13:00Z", "2026-10-24T19:47:00Z", "2026-12-24T15:05:00Z"] },
    { zone: "America/New_York", starts: ["2026-03-07T21:31:00Z", "2026-10-31T22:02:00Z"] },
    { zone: "Australia/Lord_Howe", starts: ["2026-04-04T08:00:00Z", "2026-10-03T09:29:00Z"] },
    { zone: "Asia/Kolkata", starts: ["2026-11-27T10:11:00Z"] },
  ];
  const windows: [string | null, string | null][] = [
    ["22:00", "06:00"],
    ["01:30", "02:45"],
    ["02:00", "03:00"],
    [null, null],
  ];

  it.each(cases)("in $zone", ({ zone, starts }) => {
    let checked = 0;
    for (const startText of starts) {
      const start = new Date(startText);
      for (const hours of [1, 7, 13, 26]) {
        const end = new Date(start.getTime() + hours * 3_600_000 + 17 * 60_000);
        const breaks = [
          {
            start: new Date(start.getTime() + 95 * 60_000),
            end: new Date(start.getTime() + 140 * 60_000),
          },
        ];
        for (const [nightStart, nightEnd] of windows) {
          const rate = { ...RATE, nightStart, nightEnd };
          const got = splitMinutes({
            start,
            end,
            timeZone: zone,
            nightStart,
            nightEnd,
            isHoliday: dk,
            breaks,
          });
          expect(got).toEqual(referenceSplit(start, end, zone, rate, dk, breaks));
          const worked = hours * 60 + 17 - Math.max(0, Math.min(140, hours * 60 + 17) - 95);
          expect(got.standard + got.weekend + got.night).toBe(worked);
          checked++;
        }
      }
    }
    expect(checked).toBe(starts.length * 16);
  });
});

describe("speed", () => {
  it("prices 1,000 eight-hour shifts well within budget", () => {
    const base = Date.parse("2026-01-01T18:00:00+01:00");
    const began = performance.now();
    let sum = 0;
    for (let i = 0; i < 1000; i++) {
      const start = new Date(base + i * 8.5 * 3_600_000); // every time of day, across DST
      const end = new Date(start.getTime() + 8 * 3_600_000);
      sum += costOf(
        splitMinutes({
          start,
          end,
          timeZone: CPH,
          nightStart: "22:00",
          nightEnd: "06:00",
          isHoliday: dk,
        }),
        RATE,
      );
    }
    const elapsed = performance.now() - began;
    expect(sum).toBeGreaterThan(0);
    expect(elapsed).toBeLessThan(500);
  });
});
