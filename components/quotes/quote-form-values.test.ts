import { describe, expect, it } from "vitest";
import {
  emptyLine,
  fieldId,
  groupSkills,
  label,
  lineReady,
  payloadOf,
  percentToBasisPoints,
  previewKeyOf,
  type QuoteFormValues,
} from "./quote-form-values";

const filledLine = { ...emptyLine(1, "2026-12-01"), skill_id: "7" };

const values = (patch: Partial<QuoteFormValues> = {}): QuoteFormValues => ({
  company_id: "3",
  branch_id: "4",
  venue_id: "",
  address: "Main street 1",
  name: "Gala",
  valid_until: "2026-12-31",
  notes: "Bring shoes",
  discount_kind: "",
  discount_value: "",
  lines: [filledLine],
  costs: [],
  ...patch,
});

describe("percentToBasisPoints", () => {
  it("reads a typed percent as basis points", () => {
    expect(percentToBasisPoints("12.5")).toBe(1250);
    expect(percentToBasisPoints(" 10 ")).toBe(1000);
    expect(percentToBasisPoints("7,25")).toBe(725);
  });
  it("is null for what is not a percent", () => {
    expect(percentToBasisPoints("abc")).toBeNull();
    expect(percentToBasisPoints("")).toBeNull();
    expect(percentToBasisPoints("-5")).toBeNull();
    expect(percentToBasisPoints("1.234")).toBeNull();
  });
});

describe("payloadOf", () => {
  it("turns typed numbers into numbers", () => {
    const p = payloadOf(
      values({
        discount_kind: "amount",
        discount_value: "12.50",
        costs: [{ key: 2, category: "food", description: "", quantity: 2, amount: "3.10" }],
      }),
      2,
    );
    expect(p.discount_value).toBe(1250);
    expect(p.costs[0].unit_amount).toBe(310);
    expect(
      payloadOf(values({ discount_kind: "percent", discount_value: "12.5" }), 2),
    ).toMatchObject({ discount_kind: "percent", discount_value: 1250 });
  });
  it("keeps a typed non-number as text, so the verb names the error", () => {
    const p = payloadOf(
      values({
        discount_kind: "percent",
        discount_value: "abc",
        costs: [{ key: 2, category: "food", description: "", quantity: 1, amount: "lots" }],
      }),
      2,
    );
    expect(p.discount_value).toBe("abc");
    expect(p.costs[0].unit_amount).toBe("lots");
  });
  it("sends no discount without a kind, and no address with a venue", () => {
    const p = payloadOf(values({ discount_value: "10", venue_id: "9" }), 2);
    expect(p).toMatchObject({
      discount_kind: null,
      discount_value: null,
      venue_id: "9",
      address: null,
    });
    expect(p.lines[0].level_id).toBeNull();
  });
});

describe("lineReady", () => {
  it("wants a date, start, end and skill", () => {
    expect(lineReady(filledLine)).toBe(true);
    expect(lineReady({ ...filledLine, skill_id: "" })).toBe(false);
    expect(lineReady({ ...filledLine, date: "" })).toBe(false);
  });
});

describe("previewKeyOf", () => {
  it("is empty until a client, a branch and one filled line exist", () => {
    expect(previewKeyOf(values({ company_id: "" }), 2)).toBe("");
    expect(previewKeyOf(values({ branch_id: "" }), 2)).toBe("");
    expect(previewKeyOf(values({ lines: [emptyLine(1, "2026-12-01")] }), 2)).toBe("");
    expect(previewKeyOf(values(), 2)).not.toBe("");
  });
  it("ignores the name, notes and address", () => {
    const key = previewKeyOf(values(), 2);
    expect(previewKeyOf(values({ name: "Other", notes: "x", address: "Elsewhere 2" }), 2)).toBe(
      key,
    );
    expect(previewKeyOf(values({ discount_kind: "percent", discount_value: "5" }), 2)).not.toBe(
      key,
    );
  });
  it("maps each priced line to its form line and leaves out costs not typed as a number", () => {
    const key = previewKeyOf(
      values({
        lines: [emptyLine(1), filledLine],
        costs: [{ key: 3, category: "food", description: "", quantity: 1, amount: "abc" }],
      }),
      2,
    );
    const { input, map } = JSON.parse(key) as {
      input: { lines: unknown[]; costs: unknown[] };
      map: number[];
    };
    expect(map).toEqual([1]);
    expect(input.lines).toHaveLength(1);
    expect(input.costs).toEqual([]);
  });
});

describe("groupSkills", () => {
  it("puts sub-skills under their parent and leaves out a parent that has sub-skills", () => {
    const groups = groupSkills([
      { id: 1, name: "Stage", group: null },
      { id: 2, name: "Stagehand", group: "Stage" },
      { id: 3, name: "Rigger", group: "Stage" },
      { id: 4, name: "Driver", group: null },
    ]);
    expect(groups).toEqual([
      [
        "Stage",
        [
          { id: 2, name: "Stagehand", group: "Stage" },
          { id: 3, name: "Rigger", group: "Stage" },
        ],
      ],
      ["Other skills", [{ id: 4, name: "Driver", group: null }]],
    ]);
  });
});

describe("label and fieldId", () => {
  it("prefixes which line or cost a message is about", () => {
    expect(label("lines.1.start", "must be a time as HH:mm")).toBe(
      "Line 2: must be a time as HH:mm",
    );
    expect(label("costs.0.unit_amount", "is required")).toBe("Cost 1: is required");
    expect(label("name", "is required")).toBe("is required");
  });
  it("makes a field id from a path", () => {
    expect(fieldId("lines.0.date")).toBe("quote-lines-0-date");
  });
});
