import { describe, expect, it } from "vitest";
import {
  COUNT_CAP,
  MAX_OFFSET,
  cappedPageMeta,
  countWindow,
  lastReachablePage,
  offsetOf,
  pageMeta,
} from "./pagination";

describe("bounded offset", () => {
  it("pages by offset up to MAX_OFFSET", () => {
    expect(offsetOf(1, 10)).toBe(0);
    expect(offsetOf(3, 20)).toBe(40);
    expect(offsetOf(501, 10)).toBe(MAX_OFFSET);
    expect(lastReachablePage(10)).toBe(501);
    expect(lastReachablePage(20)).toBe(251);
    expect(lastReachablePage(100)).toBe(51);
  });

  it("clamps a deeper page to the last reachable one", () => {
    expect(offsetOf(10_001, 10)).toBe(MAX_OFFSET); // offset 100,000 asked
    expect(offsetOf(1_000_000, 20)).toBe(MAX_OFFSET);
    expect(offsetOf(7, 30)).toBe(180);
    expect(offsetOf(1_000, 30)).toBe(4_980); // the last page whose offset is ≤ 5,000
  });

  it("meta says which page came and never offers an unreachable last page", () => {
    expect(pageMeta(10_001, 10, 25_000)).toEqual({
      current_page: 501,
      last_page: 501,
      per_page: 10,
      total: 25_000,
    });
    // A short list: unchanged (an empty page past its end says the page asked).
    expect(pageMeta(2, 10, 15)).toEqual({ current_page: 2, last_page: 2, per_page: 10, total: 15 });
    expect(pageMeta(9, 10, 15)).toMatchObject({ current_page: 9, last_page: 2 });
    expect(pageMeta(1, 10, 0)).toMatchObject({ current_page: 1, last_page: 1 });
    // Past the bound and past the end of a short list: the page asked (the screen says so).
    expect(pageMeta(9_999, 10, 16)).toMatchObject({ current_page: 9_999, last_page: 2 });
    // Past the end of a long list, beyond the bound: the clamped page's rows come, and it says so.
    expect(pageMeta(5_000, 10, 20_000)).toMatchObject({ current_page: 501, last_page: 501 });
  });
});

describe("capped count", () => {
  it("flags a count over the cap and reports the cap", () => {
    expect(cappedPageMeta(1, 20, COUNT_CAP + 1)).toEqual({
      current_page: 1,
      last_page: 251,
      per_page: 20,
      total: COUNT_CAP,
      total_capped: true,
    });
    expect(cappedPageMeta(1, 20, COUNT_CAP)).toEqual(pageMeta(1, 20, COUNT_CAP));
    expect(cappedPageMeta(2, 20, 35)).toEqual({
      current_page: 2,
      last_page: 2,
      per_page: 20,
      total: 35,
    });
  });

  it("counts a windowed list to ten pages past the current one, never past COUNT_CAP", () => {
    expect(countWindow(1, 10)).toBe(110);
    expect(countWindow(5, 10)).toBe(150);
    expect(countWindow(2, 25)).toBe(300);
    // The deepest pages: the window stops at the global cap, the last reachable page inside it.
    expect(countWindow(501, 10)).toBe(COUNT_CAP);
    expect(countWindow(5_000, 100)).toBe(COUNT_CAP);
  });

  it("says a windowed count is a floor once it runs past its window", () => {
    expect(cappedPageMeta(1, 10, 111, countWindow(1, 10))).toEqual({
      current_page: 1,
      last_page: 11,
      per_page: 10,
      total: 110,
      total_capped: true,
    });
    // Exactly the window: every row was counted, the total is exact.
    expect(cappedPageMeta(1, 10, 110, countWindow(1, 10))).toEqual(pageMeta(1, 10, 110));
    // Further pages count further: page 11 of a long list offers page 21.
    expect(cappedPageMeta(11, 10, 211, countWindow(11, 10))).toMatchObject({
      current_page: 11,
      last_page: 21,
      total: 210,
      total_capped: true,
    });
  });
});
