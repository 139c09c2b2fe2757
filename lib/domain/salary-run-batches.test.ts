import { describe, expect, it } from "vitest";
import { RUN_BATCH_LIMITS, runBatches } from "./salary-run-batches";

const w = (userId: number, hours: number) => ({ userId, hours });

describe("runBatches", () => {
  it("cuts at the number of workers", () => {
    expect(
      runBatches([w(1, 1), w(2, 1), w(3, 1), w(4, 1), w(5, 1)], { workers: 2, hours: 99 }),
    ).toEqual([[1, 2], [3, 4], [5]]);
  });

  it("cuts before the reports would pass the limit, never splitting a worker", () => {
    const limits = { workers: 99, hours: 10 };
    expect(runBatches([w(1, 4), w(2, 6), w(3, 1), w(4, 30), w(5, 2)], limits)).toEqual([
      [1, 2],
      [3],
      [4],
      [5],
    ]);
  });

  it("keeps the order, and nothing for no workers", () => {
    expect(runBatches([])).toEqual([]);
    expect(runBatches([w(9, 1), w(3, 1)])).toEqual([[9, 3]]);
  });

  it("by default: 2,000 workers × 20 reports are batches of 25 workers (500 reports)", () => {
    const batches = runBatches(Array.from({ length: 2000 }, (_, i) => w(i, 20)));
    expect(RUN_BATCH_LIMITS).toEqual({ workers: 200, hours: 500 });
    expect(batches).toHaveLength(80);
    expect(batches.every((b) => b.length === 25)).toBe(true);
    expect(batches.flat()).toEqual(Array.from({ length: 2000 }, (_, i) => i));
  });

  it("by default: workers of one report each are batches of 200 workers", () => {
    expect(runBatches(Array.from({ length: 450 }, (_, i) => w(i, 1))).map((b) => b.length)).toEqual(
      [200, 200, 50],
    );
  });
});
