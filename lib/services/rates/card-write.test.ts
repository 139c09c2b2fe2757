import { describe, expect, it } from "vitest";
import { cardKey, planCardWrite } from "./card-write";

type Row = { skill: number; level: number | null; price: number | null };
const keyOf = (r: Row) => cardKey(r.skill, r.level);
const isEmpty = (r: Row) => r.price === null;

describe("planCardWrite", () => {
  const existing = [
    { id: 10, key: cardKey(1, null) },
    { id: 11, key: cardKey(1, 7) },
    { id: 12, key: cardKey(2, null) },
  ];

  it("updates matched rows, inserts new ones, removes emptied ones and keeps rows not sent", () => {
    const rows: Row[] = [
      { skill: 1, level: null, price: 300 },
      { skill: 1, level: 7, price: null },
      { skill: 3, level: null, price: 200 },
    ];
    expect(planCardWrite(existing, rows, keyOf, isEmpty)).toEqual({
      update: [{ id: 10, row: rows[0] }],
      remove: [11],
      insert: [rows[2]],
    });
  });

  it("an emptied row that was never saved writes nothing", () => {
    expect(
      planCardWrite(existing, [{ skill: 4, level: null, price: null }], keyOf, isEmpty),
    ).toEqual({ update: [], remove: [], insert: [] });
  });

  it("tells a level-less row from a level's and a worker's", () => {
    expect(new Set([cardKey(1, null), cardKey(1, 7), cardKey(1, null, 5)]).size).toBe(3);
    const plan = planCardWrite(existing, [{ skill: 2, level: 7, price: 1 }], keyOf, isEmpty);
    expect(plan.insert).toHaveLength(1);
    expect(plan.update).toEqual([]);
  });
});
