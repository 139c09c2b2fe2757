import { describe, expect, it } from "vitest";
import { keysetPageMeta, withNextCursor } from "./cursor";
import { cappedPageMeta, COUNT_CAP } from "./pagination";

describe("a page's meta with a cursor", () => {
  it("lets the last page an offset reaches lead on by its cursor", () => {
    // Page 501 at 10 a page (offset 5,000) of a list counted to COUNT_CAP.
    const offsetMeta = cappedPageMeta(501, 10, COUNT_CAP + 1);
    expect(offsetMeta).toMatchObject({ current_page: 501, last_page: 501 });
    expect(withNextCursor(offsetMeta, "c")).toEqual({
      ...offsetMeta,
      last_page: 510,
      next_cursor: "c",
    });
    // The true last page keeps its meta: no cursor, nothing further.
    const end = cappedPageMeta(3, 10, 25);
    expect(withNextCursor(end, null)).toEqual({ ...end, next_cursor: null });
  });

  it("places a keyset page by the page the caller names and counts on from it", () => {
    expect(keysetPageMeta(1002, 10, 111, "c")).toEqual({
      current_page: 1002,
      last_page: 1012,
      per_page: 10,
      total: 10_120,
      total_capped: true,
      next_cursor: "c",
    });
    expect(keysetPageMeta(1002, 10, 4, null)).toEqual({
      current_page: 1002,
      last_page: 1002,
      per_page: 10,
      total: 10_014,
      next_cursor: null,
    });
  });
});
