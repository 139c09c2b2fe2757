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
