import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormField, Input, Textarea } from "./form-field";

/** FormField draws its control's counter from the control's own value and maxLength. */
const field = (control: ReturnType<typeof h>, extra: Record<string, unknown> = {}) =>
  renderToStaticMarkup(h(FormField, { label: "Details", id: "d", ...extra, children: control }));

describe("FormField's length counter", () => {
  it("stays out of the way below 80 % of the limit", () => {
    const html = field(
      h(Textarea, { value: "x".repeat(15_999), maxLength: 20_000, readOnly: true }),
    );
    expect(html).not.toContain("/ 20,000");
    expect(html).not.toContain("d-count");
  });

  it("counts from 80 % on and ties the count to the control", () => {
    const html = field(
      h(Textarea, { value: "x".repeat(19_200), maxLength: 20_000, readOnly: true }),
    );
    expect(html).toContain("19,200 / 20,000");
    expect(html).toContain('id="d-count"');
    expect(html).toMatch(/aria-describedby="d-count"/);
    expect(html).not.toContain("too long");
  });

  it("takes a limit the form checks itself and says when the text is past it", () => {
    const html = field(h(Textarea, { value: "x".repeat(1_200_000), readOnly: true }), {
      limit: 20_000,
      errors: ["Details may be at most 20,000 characters"],
    });
    expect(html).toContain("1,200,000 / 20,000");
    expect(html).toContain("too long");
    expect(html).toMatch(/aria-describedby="d-count d-error"/);
  });

  it("works for a single-line input too", () => {
    expect(field(h(Input, { value: "x".repeat(20), maxLength: 20, readOnly: true }))).toContain(
      "20 / 20",
    );
  });
});
