import { describe, expect, it } from "vitest";
import { cursorPageMeta, keysetPageMeta, withNextCursor } from "./cursor";
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

  it("picks a page's meta by how it was read: after a cursor, with cursor=start, without one", () => {
    const rows = [{ id: 7 }, { id: 9 }];
    const base = {
      rows,
      page: 3,
      perPage: 2,
      keyOf: (r: { id: number }) => [r.id],
      encode: (k: (string | number)[]) => `after-${k.join(".")}`,
    };
    const offsetMeta = cappedPageMeta(3, 2, 11);
    // Without a cursor: the offset page's meta, untouched.
    expect(
      cursorPageMeta({ ...base, counted: 11, keyset: false, cursor: undefined, offsetMeta }),
    ).toBe(offsetMeta);
    // cursor=start: the same, and the last row's cursor while rows follow (11 > 4 + 2).
    expect(
      cursorPageMeta({ ...base, counted: 11, keyset: false, cursor: "start", offsetMeta }),
    ).toEqual(withNextCursor(offsetMeta, "after-9"));
    // The last page by offset: nothing follows, the next cursor is null.
    expect(
      cursorPageMeta({ ...base, counted: 6, keyset: false, cursor: "start", offsetMeta })
        .next_cursor,
    ).toBeNull();
    // After a cursor: counted from its row (3 > 2 a page: more follow).
    expect(cursorPageMeta({ ...base, counted: 3, keyset: true, cursor: "x", offsetMeta })).toEqual(
      keysetPageMeta(3, 2, 3, "after-9"),
    );
  });
});
