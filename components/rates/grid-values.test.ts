import { describe, expect, it } from "vitest";
import { parseAmount } from "@/lib/domain/money";
import {
  contentKey,
  gridErrorsFrom,
  inheritanceNote,
  readGrid,
  toGridValues,
  type RateGridColumn,
} from "./grid-values";

const columns: RateGridColumn[] = [
  { key: "standard_price", label: "Standard price", kind: "amount" },
  { key: "night_start", label: "Night start", kind: "time" },
];
const rows = [
  { id: 7, name: "Stagehand", parentName: "Stage" },
  { id: 9, name: "Rigger", parentName: "Stage" },
];

describe("readGrid", () => {
  it("reads decimals as minor units, times as HH:mm and empty cells as null", () => {
    const read = readGrid(
      columns,
      rows,
      { 7: { standard_price: "1.250,50", night_start: "2200" }, 9: { night_start: "6:00" } },
      2,
      parseAmount,
    );
    expect(read.errors).toEqual({});
    expect(read.rows).toEqual([
      { skillId: 7, values: { standard_price: 125050, night_start: "22:00" } },
      { skillId: 9, values: { standard_price: null, night_start: "06:00" } },
    ]);
  });

  it("marks the cells it cannot read", () => {
    const read = readGrid(
      columns,
      rows,
      { 7: { standard_price: "abc", night_start: "25:00" }, 9: { standard_price: "-5" } },
      2,
      parseAmount,
    );
    expect(read.errors).toEqual({
      7: {
        standard_price: ["Enter an amount such as 250.00."],
        night_start: ["Enter a time as HH:mm, e.g. 22:00."],
      },
      9: { standard_price: ["Enter an amount such as 250.00."] },
    });
  });
});

describe("gridErrorsFrom", () => {
  it("puts server errors on the cells of the rows sent, the rest aside", () => {
    expect(
      gridErrorsFrom(
        {
          "jsonData.rates.1.standard_price": ["is too large"],
          "rates.0.skill_id": ["gone"],
          currency_id: ["wrong"],
        },
        [7, 9],
      ),
    ).toEqual({
      cells: { 9: { standard_price: ["is too large"] }, 7: { skill_id: ["gone"] } },
      other: ["wrong"],
    });
  });
});

describe("toGridValues", () => {
  it("shows stored prices as text in the currency's digits, times as they are, null as empty", () => {
    const columns: RateGridColumn[] = [
      { key: "amount", label: "Standard pay", kind: "amount" },
      { key: "night_start", label: "Night start", kind: "time" },
      { key: "weekend_amount", label: "Weekend pay", kind: "amount" },
    ];
    const rows = [{ id: 7, values: { amount: 17550, night_start: "22:00", weekend_amount: null } }];
    expect(toGridValues(columns, rows, 2)).toEqual({
      7: { amount: "175.50", night_start: "22:00", weekend_amount: "" },
    });
    expect(toGridValues(columns, rows, 0)[7].amount).toBe("17550");
  });
});

describe("contentKey", () => {
  it("is the same for the same rates and changes when a price changes", () => {
    const rates = [{ skill_id: 1, amount: 17550 }];
    expect(contentKey(rates)).toBe(contentKey([{ skill_id: 1, amount: 17550 }]));
    expect(contentKey(rates)).not.toBe(contentKey([{ skill_id: 1, amount: 17551 }]));
  });
});

describe("inheritanceNote", () => {
  const card = [
    { id: 1, name: "Stage", parentName: null, parentId: null },
    { id: 7, name: "Stagehand", parentName: "Stage", parentId: 1 },
    { id: 9, name: "Rigger", parentName: "Stage", parentId: 1 },
    { id: 2, name: "Driver", parentName: null, parentId: null },
    { id: 3, name: "Catering", parentName: null, parentId: null },
    { id: 8, name: "Cook", parentName: "Catering", parentId: 3 },
  ];
  const values = {
    1: { standard_price: "300" },
    7: { standard_price: "" },
    9: { standard_price: "320" },
  };

  it("says a parent row prices its sub-skills unless they are priced apart", () => {
    expect(inheritanceNote(card[0], card, values)).toBe(
      "Applies to its 2 sub-skills unless priced apart",
    );
    expect(inheritanceNote(card[4], card, values)).toBe(
      "Applies to its sub-skill unless priced apart",
    );
    expect(inheritanceNote(card[3], card, values)).toBeNull();
  });

  it("says an empty sub-skill row uses its priced parent's price, and nothing otherwise", () => {
    expect(inheritanceNote(card[1], card, values)).toBe("Uses the Stage price");
    expect(inheritanceNote(card[2], card, values)).toBeNull();
    expect(inheritanceNote(card[5], card, values)).toBeNull();
  });

  it("says nothing on a grid without parent ids (a job's rates)", () => {
    expect(
      inheritanceNote({ id: 7, name: "Stagehand", parentName: "Stage" }, card, values),
    ).toBeNull();
  });
});
