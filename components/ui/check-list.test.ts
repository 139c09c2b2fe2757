import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CheckList } from "./check-list";

const options = [
  { id: 3, name: "Danish" },
  { id: 7, name: "English" },
];
const boxes = (html: string) => html.match(/<input[^>]*>/g) ?? [];

describe("CheckList", () => {
  it("without state of its own: each box sends its id under the name, ticked as given", () => {
    const html = renderToStaticMarkup(
      h(CheckList, { legend: "Languages", options, name: "language_ids", defaultValue: [7] }),
    );
    const [danish, english] = boxes(html);
    expect(danish).toContain('name="language_ids"');
    expect(danish).toContain('value="3"');
    expect(danish).not.toContain("checked");
    expect(english).toContain('value="7"');
    expect(english).toContain('checked=""');
  });

  it("held by the form: ticks from its value, and no name to send", () => {
    const html = renderToStaticMarkup(
      h(CheckList, { legend: "Languages", options, value: [3], onChange: () => {} }),
    );
    const [danish, english] = boxes(html);
    expect(danish).toContain('checked=""');
    expect(english).not.toContain("checked");
    expect(html).not.toContain("name=");
  });

  it("disabled: every box is", () => {
    const html = renderToStaticMarkup(
      h(CheckList, { legend: "Branches", options, name: "b", defaultValue: [], disabled: true }),
    );
    for (const box of boxes(html)) expect(box).toContain('disabled=""');
  });
});
