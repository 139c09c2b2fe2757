import { describe, expect, it } from "vitest";
import { holidayCheck } from "./holidays";
import {
  effectiveRate,
  hoursLockReason,
  localDate,
  periodLabel,
  periodProblem,
  rateKind,
  salaryLine,
  totalsByCurrency,
  wholeMonthOf,
  type SalaryWork,
  type UsedRate,
} from "./salary";

const CPH = "Europe/Copenhagen";
const dk = holidayCheck("DK");

// 180.50, 240.00 and 300.00 DKK an hour; night 22:00–06:00.
const CARD: UsedRate = {
  source: "card-level",
  currencyCode: "DKK",
  standard: 18050,
  weekend: 24000,
  night: 30000,
  nightStart: "22:00",
  nightEnd: "06:00",
};

function work(start: string, end: string, extra: Partial<SalaryWork> = {}): SalaryWork {
  return {
    reportedHoursId: 1,
    userId: 2,
    jobId: 3,
    shiftId: 4,
    skillId: 5,
    shiftStart: new Date(start),
    start: new Date(start),
    end: new Date(end),
    branchId: 6,
    countryId: 7,
    timeZone: CPH,
    isHoliday: dk,
    ...extra,
  };
}

const bands = (l: ReturnType<typeof salaryLine>) => [
  l.standardMinutes,
  l.weekendMinutes,
  l.nightMinutes,
];

describe("salaryLine", () => {
  it("prices a weekday day shift as standard, rounding half-up to minor units", () => {
    // Tue 24 Nov 2026 08:00–15:20: 440 min × 18050/60 = 132366.67 → 132367.
    const l = salaryLine(work("2026-11-24T08:00:00+01:00", "2026-11-24T15:20:00+01:00"), CARD);
    expect(bands(l)).toEqual([440, 0, 0]);
    expect(l).toMatchObject({
      amount: 132367,
      workDate: "2026-11-24",
      currencyCode: "DKK",
      standardRate: 18050,
      weekendRate: 24000,
      nightRate: 30000,
      rateSource: "card",
      userId: 2,
      jobId: 3,
      shiftId: 4,
      skillId: 5,
      branchId: 6,
      countryId: 7,
      reportedHoursId: 1,
    });
  });

  it("splits a night across midnight; the work date is the shift's local start date", () => {
    // Thu 26 Nov 20:00 → Fri 04:30: 120 standard + 390 night = 2166000 + 11700000 → 231100.
    const l = salaryLine(work("2026-11-26T20:00:00+01:00", "2026-11-27T04:30:00+01:00"), CARD);
    expect(bands(l)).toEqual([120, 0, 390]);
    expect(l.amount).toBe(231100);
    expect(l.workDate).toBe("2026-11-26");
  });

  it("moves to the weekend band at Saturday's local midnight (night beats weekend)", () => {
    // Fri 27 Nov 18:00 → Sat 02:00 without a night price: 360 standard + 120 weekend.
    const noNight = { ...CARD, night: null };
    const l = salaryLine(work("2026-11-27T18:00:00+01:00", "2026-11-28T02:00:00+01:00"), noNight);
    expect(bands(l)).toEqual([360, 120, 0]);
    expect(l.amount).toBe((360 * 18050 + 120 * 24000) / 60); // 156300
    expect(l.nightRate).toBeNull();
    // With the night band: 240 standard, then 22:00–02:00 night although Saturday.
    const n = salaryLine(work("2026-11-27T18:00:00+01:00", "2026-11-28T02:00:00+01:00"), CARD);
    expect(bands(n)).toEqual([240, 0, 240]);
    expect(n.amount).toBe(192200);
  });

  it("counts the real minutes of a night across the DST changes in Europe/Copenhagen", () => {
    // Autumn: Sat 24 Oct 22:00 CEST → Sun 25 Oct 06:00 CET is 9 hours, all night.
    const autumn = salaryLine(work("2026-10-24T22:00:00+02:00", "2026-10-25T06:00:00+01:00"), CARD);
    expect(bands(autumn)).toEqual([0, 0, 540]);
    expect(autumn.amount).toBe(270000);
    expect(autumn.workDate).toBe("2026-10-24");
    // Spring: Sat 28 Mar 22:00 CET → Sun 29 Mar 06:00 CEST is 7 hours.
    const spring = salaryLine(work("2026-03-28T22:00:00+01:00", "2026-03-29T06:00:00+02:00"), CARD);
    expect(bands(spring)).toEqual([0, 0, 420]);
    expect(spring.amount).toBe(210000);
  });

  it("prices a public holiday as weekend (Christmas Day in Denmark, a Friday)", () => {
    const l = salaryLine(work("2026-12-25T08:00:00+01:00", "2026-12-25T16:00:00+01:00"), CARD);
    expect(bands(l)).toEqual([0, 480, 0]);
    expect(l.amount).toBe(192000);
    // The same hours a week earlier (a plain Friday) are standard.
    const plain = salaryLine(work("2026-12-18T08:00:00+01:00", "2026-12-18T16:00:00+01:00"), CARD);
    expect(plain.amount).toBe(144400);
  });

  it("keeps the currency of the rate (the branch's): lines are totalled per currency", () => {
    const sek: UsedRate = { ...CARD, currencyCode: "SEK", standard: 15000, source: "custom" };
    const a = salaryLine(work("2026-11-24T08:00:00+01:00", "2026-11-24T12:00:00+01:00"), CARD);
    const b = salaryLine(work("2026-11-24T08:00:00+01:00", "2026-11-24T10:00:00+01:00"), sek);
    expect(b).toMatchObject({ currencyCode: "SEK", amount: 30000, rateSource: "custom" });
    expect(totalsByCurrency([a, b, a])).toEqual([
      { currency_code: "DKK", amount: 144400, minutes: 480 },
      { currency_code: "SEK", amount: 30000, minutes: 120 },
    ]);
  });

  it("rounds each line half-up: half a minor unit goes up", () => {
    // 1 minute at 30 minor units an hour is 0.5 → 1; at 29 it is 0.48 → 0.
    const at = (standard: number) =>
      salaryLine(work("2026-11-24T08:00:00+01:00", "2026-11-24T08:01:00+01:00"), {
        ...CARD,
        standard,
      }).amount;
    expect(at(30)).toBe(1);
    expect(at(29)).toBe(0);
  });
});

describe("rate sources and replaceZero", () => {
  it("names where a rate came from in three words", () => {
    expect(rateKind("job-user")).toBe("job");
    expect(rateKind("parent-job")).toBe("job");
    expect(rateKind("custom")).toBe("custom");
    expect(rateKind("parent-custom")).toBe("custom");
    expect(rateKind("card-level")).toBe("card");
    expect(rateKind("parent-card")).toBe("card");
  });

  it("uses a custom rate before the card, and prices with it", () => {
    const custom: UsedRate = { ...CARD, source: "custom", standard: 22000, weekend: null };
    const l = salaryLine(
      work("2026-11-28T08:00:00+01:00", "2026-11-28T12:00:00+01:00"),
      effectiveRate({ ...custom, card: CARD }, true)!,
    );
    // Saturday, no weekend price on the custom rate: the standard price applies.
    expect(l).toMatchObject({ rateSource: "custom", amount: 88000, weekendMinutes: 240 });
  });

  it("replaces a zero job or custom rate by the card's only with replaceZero", () => {
    const zeroJob = { ...CARD, source: "job", standard: 0, weekend: 0, night: 0, card: CARD };
    expect(effectiveRate(zeroJob, false)).toBe(zeroJob);
    expect(effectiveRate(zeroJob, true)).toBe(CARD);
    const zeroCustom = { ...zeroJob, source: "custom" };
    const l = salaryLine(
      work("2026-11-24T08:00:00+01:00", "2026-11-24T16:00:00+01:00"),
      effectiveRate(zeroCustom, true)!,
    );
    expect(l).toMatchObject({ rateSource: "card", standardRate: 18050, amount: 144400 });
    // No card to replace it with: the zero rate stays (the caller reports it missing).
    const alone = { ...zeroJob, card: null };
    expect(effectiveRate(alone, true)).toBe(alone);
    // A zero card rate is what the agency wrote: it stays.
    const zeroCard = { ...CARD, standard: 0, card: CARD };
    expect(effectiveRate(zeroCard, true)).toBe(zeroCard);
    // A non-zero job rate is never replaced.
    const job = { ...CARD, source: "job", standard: 100, card: CARD };
    expect(effectiveRate(job, true)).toBe(job);
    expect(effectiveRate(undefined, true)).toBeNull();
  });
});

describe("periods and locks", () => {
  it("labels a whole month by name, anything else by its dates", () => {
    expect(periodLabel("2026-10-01", "2026-10-31")).toBe("October 2026");
    expect(periodLabel("2028-02-01", "2028-02-29")).toBe("February 2028");
    expect(periodLabel("2026-10-01", "2026-10-15")).toBe("01/10/2026–15/10/2026");
    expect(periodLabel("2026-10-01", "2026-11-30")).toBe("01/10/2026–30/11/2026");
  });

  it("names the month of a period that is one whole calendar month, else none", () => {
    expect(wholeMonthOf("2026-10-01", "2026-10-31")).toBe("2026-10-01");
    expect(wholeMonthOf("2028-02-01", "2028-02-29")).toBe("2028-02-01");
    expect(wholeMonthOf("2027-02-01", "2027-02-29")).toBeNull();
    expect(wholeMonthOf("2026-10-01", "2026-10-30")).toBeNull();
    expect(wholeMonthOf("2026-10-02", "2026-10-31")).toBeNull();
    expect(wholeMonthOf("2026-10-01", "2026-11-30")).toBeNull();
    expect(wholeMonthOf("2025-10-01", "2026-10-31")).toBeNull();
  });

  it("gives the reason hours are locked, paid first", () => {
    const slip = { periodFrom: "2026-10-01", periodTo: "2026-10-31" };
    expect(hoursLockReason({ jobStatus: "Invoiced", paid: true, paidSlip: slip })).toBe(
      "These hours are paid (pay slip October 2026) and can no longer be changed.",
    );
    expect(hoursLockReason({ jobStatus: "Invoiced", paid: false, paidSlip: null })).toBe(
      "The job is invoiced; reopen it to change hours.",
    );
    expect(hoursLockReason({ jobStatus: "Paid", paid: false, paidSlip: null })).toBe(
      "The job is paid; reopen it to change hours.",
    );
    expect(hoursLockReason({ jobStatus: "Approved", paid: false, paidSlip: null })).toBeNull();
  });

  it("checks a period", () => {
    expect(periodProblem("2026-10-01", "2026-10-31")).toBeNull();
    expect(periodProblem("2026-10-31", "2026-10-01")).toBe(
      "The period's from date must not be after its to date.",
    );
    expect(periodProblem("2026-02-30", "2026-03-01")).toMatch(/YYYY-MM-DD/);
    expect(periodProblem("2025-01-01", "2026-10-01")).toBe("A period may span at most one year.");
  });

  it("gives the local date of an instant", () => {
    expect(localDate(new Date("2026-11-26T23:30:00Z"), CPH)).toBe("2026-11-27");
    expect(localDate(new Date("2026-11-26T22:30:00Z"), "UTC")).toBe("2026-11-26");
  });
});
