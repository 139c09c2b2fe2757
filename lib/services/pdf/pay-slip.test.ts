import { describe, expect, it } from "vitest";
import { renderBusinessDocument } from "./business-document";
import { paySlipModel, TAX_NOTE, type PaySlipLine } from "./pay-slip";
import { pdfTextOf } from "./read.test-support";

const issuer = { name: "Crewdeck Staffing ApS", lines: [], logo: null };
const zone = "Europe/Copenhagen";

const line = (over: Partial<PaySlipLine>): PaySlipLine => ({
  workDate: "2026-10-03",
  job: "Royal Arena concert – load-in",
  skill: "Stagehand",
  // 23:00–07:00 in Copenhagen (CEST, UTC+2 on 3 October).
  startsAt: new Date("2026-10-03T21:00:00Z"),
  endsAt: new Date("2026-10-04T05:00:00Z"),
  timeZone: zone,
  minutes: { standard: 0, weekend: 120, night: 360 },
  rates: { standard: 150_00, weekend: 200_00, night: 180_00 },
  currencyCode: "DKK",
  amount: 1_480_00,
  paid: true,
  ...over,
});

const source = (lines: PaySlipLine[], paidAt: Date | null = null) => ({
  worker: { name: "William Berg", iban: "DK5000400440116243", reg: null, konto: null },
  period: { from: "2026-10-01", to: "2026-10-31" },
  issuedAt: new Date("2026-11-05T09:00:00Z"),
  timeZone: zone,
  lines,
  paidAt,
});

describe("pay slip", () => {
  it("lists each line with its bands and rates, totals per currency with what is paid, masks the account", () => {
    const model = paySlipModel(
      source([
        line({}),
        line({
          workDate: "2026-10-20",
          job: "Fjord Festival – site build",
          startsAt: new Date("2026-10-20T06:00:00Z"),
          endsAt: new Date("2026-10-20T14:30:00Z"),
          minutes: { standard: 510, weekend: 0, night: 0 },
          rates: { standard: 15_000, weekend: null, night: null },
          amount: 1_275_00,
          paid: false,
        }),
        line({
          workDate: "2026-10-24",
          job: "Svea Expo",
          currencyCode: "SEK",
          minutes: { standard: 240, weekend: 0, night: 0 },
          rates: { standard: 120_00, weekend: null, night: null },
          amount: 480_00,
          paid: false,
        }),
      ]),
    );
    expect(model.title).toBe("Pay slip October 2026");
    expect(model.recipient.lines).toEqual(["William Berg", "IBAN DK50 •••• •••• 6243"]);
    expect(model.references).toContainEqual({ label: "Status", value: "Not paid yet" });
    expect(model.tables[0].rows[0]).toEqual([
      "03/10/2026",
      "Royal Arena concert – load-in",
      "Stagehand",
      "23:00–07:00 (+1 day)",
      "2 h weekend, 6 h night",
      "150.00/h · weekend 200.00 · night 180.00",
      "1,480.00 DKK",
    ]);
    expect(model.tables[0].rows[1][5]).toBe("150.00/h");
    expect(model.tables[0].rows[1][6]).toBe("1,275.00 DKK *");
    // Never added across currencies.
    expect(model.totals.map((t) => t.heading)).toEqual(["DKK", "SEK"]);
    expect(model.totals[0].rows).toEqual([
      { label: "Hours", value: "16.5 h" },
      { label: "Already paid", value: "1,480.00 DKK" },
      { label: "Still to pay", value: "1,275.00 DKK" },
      { label: "Gross", value: "2,755.00 DKK", strong: true },
    ]);
    expect(model.totals[1].rows.at(-1)).toEqual({
      label: "Gross",
      value: "480.00 SEK",
      strong: true,
    });
  });

  it("prints as text: the worker, the period, the lines, the totals and the tax note", async () => {
    const paid = new Date("2026-11-06T10:00:00Z");
    const text = await pdfTextOf(
      await renderBusinessDocument(paySlipModel(source([line({})], paid)), issuer),
    );
    for (const words of [
      "Pay slip October 2026",
      "William Berg",
      "DK50 •••• •••• 6243",
      "Paid 06/11/2026",
      "2 h weekend, 6 h night",
      "1,480.00 DKK",
      TAX_NOTE,
    ])
      expect(text).toContain(words);
    expect(text).not.toContain("DK5000400440116243");
    expect(text).not.toContain("Lines marked with a star");
  });

  it("shows the account by reg. and konto when there is no IBAN, and says when there is none", () => {
    const dk = paySlipModel({
      ...source([]),
      worker: { name: "Ida", iban: null, reg: "2201", konto: "0123456789" },
    });
    expect(dk.recipient.lines[1]).toBe("Reg. 2201 · account •••• 6789");
    const none = paySlipModel({
      ...source([]),
      worker: { name: "Ida", iban: null, reg: null, konto: null },
    });
    expect(none.recipient.lines[1]).toBe("No bank account on file");
    expect(none.totals).toEqual([]);
  });
});
