import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PaginationControls, type PaginationMeta } from "./pagination";

const text = (meta: PaginationMeta) =>
  renderToStaticMarkup(h(PaginationControls, { meta, onPageChange: () => {} }))
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

describe("the pager's total", () => {
  it('says a capped count is a floor ("110+") and offers the pages it counted', () => {
    const capped = text({
      current_page: 1,
      last_page: 11,
      per_page: 10,
      total: 110,
      total_capped: true,
    });
    expect(capped).toContain("Showing 1 – 10 of 110+");
    expect(capped).toContain("Page 1 of 11");
    expect(text({ current_page: 1, last_page: 1, per_page: 10, total: 7 })).toContain(
      "Showing 1 – 7 of 7 ",
    );
    expect(
      text({ current_page: 1, last_page: 1001, per_page: 10, total: 10_100, total_capped: true }),
    ).toContain("of 10,100+");
  });
});

describe("the pager by cursor", () => {
  const markup = (meta: PaginationMeta) =>
    renderToStaticMarkup(h(PaginationControls, { meta, onPageChange: () => {} }));
  const deep: PaginationMeta = {
    current_page: 503,
    last_page: 513,
    per_page: 10,
    total: 5_130,
    total_capped: true,
    next_cursor: "abc.def",
  };

  it("past the offset's reach offers Next (the cursor) and no numbered link it cannot serve", () => {
    const html = markup(deep);
    expect(html).toContain("Showing <span");
    expect(html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ")).toContain(
      "Showing 5021 – 5030 of 5,130+",
    );
    // Page 1 (an offset) and 504 (Next's cursor) are links; 502 (Previous: past offset
    // 5,000) and 513 are not.
    expect(html).toContain('aria-label="Page 1"');
    expect(html).toContain('aria-label="Page 504"');
    expect(html).not.toContain('aria-label="Page 502"');
    expect(html).not.toContain('aria-label="Page 513"');
    expect(html).toMatch(/aria-disabled="true"[^>]*>.*?Previous/);
    expect(html).not.toMatch(/aria-disabled="true"[^>]*>Next/);
    // Without a next cursor the page after it is out of reach: Next is disabled.
    expect(markup({ ...deep, next_cursor: null })).toMatch(/aria-disabled="true"[^>]*>Next/);
  });

  it("near the top every numbered link stays, as without a cursor", () => {
    const html = markup({ ...deep, current_page: 3, last_page: 13, total: 130 });
    expect(markup({ ...deep, current_page: 502 })).toContain('aria-label="Page 501"');
    for (const page of [1, 2, 3, 4, 5, 13]) expect(html).toContain(`aria-label="Page ${page}"`);
    expect(html).not.toMatch(/aria-disabled="true"/);
  });
});
