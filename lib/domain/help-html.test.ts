import { describe, expect, it } from "vitest";
import { helpExcerpt, helpPlainText, sanitizeHelpHtml } from "./help-html";

const OWN = "/api/v2/help/images/0f8b7c1e-2a4d-4e6f-9a1b-3c5d7e9f1a2b.webp";

describe("sanitizeHelpHtml", () => {
  it("keeps the editor's formatting as written", () => {
    const html =
      "<h2>Check in</h2><p>Open <strong>My dashboard</strong>, <em>then</em> <s>wait</s> <u>tap</u>.</p>" +
      "<ul><li>One</li></ul><ol><li>Two</li></ol><blockquote><p>Note</p></blockquote>" +
      "<pre><code>code</code></pre><hr><p>a<br>b</p><h3>Sub</h3><h4>Small</h4>";
    expect(sanitizeHelpHtml(html)).toBe(
      "<h2>Check in</h2><p>Open <strong>My dashboard</strong>, <em>then</em> <s>wait</s> <u>tap</u>.</p>" +
        "<ul><li>One</li></ul><ol><li>Two</li></ol><blockquote><p>Note</p></blockquote>" +
        "<pre><code>code</code></pre><hr /><p>a<br />b</p><h3>Sub</h3><h4>Small</h4>",
    );
  });

  it("removes <script> and <style> together with their text", () => {
    expect(sanitizeHelpHtml('<p>Hi</p><script>alert("x")</script><style>p{}</style>')).toBe(
      "<p>Hi</p>",
    );
    expect(sanitizeHelpHtml("<SCRIPT SRC=//evil.test/x.js></SCRIPT><p>ok</p>")).toBe("<p>ok</p>");
    expect(sanitizeHelpHtml("<scr<script>ipt>alert(1)</script>")).not.toMatch(/<script/i);
  });

  it("removes every event handler, style and class", () => {
    const out = sanitizeHelpHtml(
      '<p onclick="alert(1)" style="color:red" class="x">a</p><img src="https://x.test/a.png" onerror="alert(1)">',
    );
    // An outside image is no image at all (only uploads to the help-images route are kept).
    expect(out).toBe("<p>a</p>");
    expect(sanitizeHelpHtml('<svg onload="alert(1)"><circle /></svg><p>b</p>')).toBe("<p>b</p>");
    expect(sanitizeHelpHtml('<body onload="alert(1)"><p>c</p></body>')).toBe("<p>c</p>");
  });

  it("drops javascript:, data: and vbscript: links but keeps the text", () => {
    for (const href of [
      "javascript:alert(1)",
      " JaVaScRiPt:alert(1)",
      "java\tscript:alert(1)",
      "&#106;avascript:alert(1)",
      "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
      "vbscript:msgbox(1)",
      "//evil.test/path",
      "ftp://files.test/a",
    ]) {
      const out = sanitizeHelpHtml(`<a href="${href}">x</a>`);
      expect(out, href).toBe('<a rel="noopener noreferrer nofollow">x</a>');
    }
  });

  it("keeps http, https, mailto and own-site links, with a safe rel and only target _blank", () => {
    expect(
      sanitizeHelpHtml('<a href="https://crewdeck.test/a" target="_blank" rel="opener">a</a>'),
    ).toBe(
      '<a href="https://crewdeck.test/a" target="_blank" rel="noopener noreferrer nofollow">a</a>',
    );
    expect(sanitizeHelpHtml('<a href="mailto:office@crewdeck.test" target="_top">m</a>')).toBe(
      '<a href="mailto:office@crewdeck.test" rel="noopener noreferrer nofollow">m</a>',
    );
    expect(sanitizeHelpHtml('<a href="/help/3">h</a>')).toBe(
      '<a href="/help/3" rel="noopener noreferrer nofollow">h</a>',
    );
    expect(sanitizeHelpHtml('<a href="http://example.test">e</a>')).toContain(
      'href="http://example.test"',
    );
  });

  it("keeps images from our own help-image route only", () => {
    expect(
      sanitizeHelpHtml(`<img src="${OWN}" alt="Check-in button" width="400" height="300">`),
    ).toBe(`<img src="${OWN}" alt="Check-in button" width="400" height="300" />`);
    for (const src of [
      "https://cdn.test/a.png",
      "http://cdn.test/a.png",
      "javascript:alert(1)",
      "data:image/svg+xml;base64,PHN2Zz4=",
      "/api/v2/users/1/avatar",
      "/api/v2/help/images/../../users/1/avatar",
      "//cdn.test/a.png",
    ]) {
      expect(sanitizeHelpHtml(`<p>x<img src="${src}" alt="a"></p>`), src).toBe("<p>x</p>");
    }
  });

  it("strips iframes, forms, objects and unknown tags, keeping safe text", () => {
    expect(sanitizeHelpHtml('<iframe src="https://evil.test"></iframe><p>k</p>')).toBe("<p>k</p>");
    expect(sanitizeHelpHtml('<form action="/x"><input name="a"><button>Go</button></form>')).toBe(
      "Go",
    );
    expect(sanitizeHelpHtml('<object data="x.swf"></object><div><span>t</span></div>')).toBe("t");
    expect(sanitizeHelpHtml('<math><mi xlink:href="javascript:alert(1)">m</mi></math>')).toBe("m");
  });

  it("maps the editor's other spellings onto the allowed tags", () => {
    expect(sanitizeHelpHtml("<h1>T</h1><b>b</b><i>i</i><strike>s</strike><h6>x</h6>")).toBe(
      "<h2>T</h2><strong>b</strong><em>i</em><s>s</s><h4>x</h4>",
    );
  });

  it("escapes text that only looks like markup", () => {
    expect(sanitizeHelpHtml("<p>1 &lt; 2 &amp; &lt;script&gt;</p>")).toBe(
      "<p>1 &lt; 2 &amp; &lt;script&gt;</p>",
    );
    expect(sanitizeHelpHtml('<p title="&quot;><script>alert(1)</script>">a</p>')).toBe("<p>a</p>");
  });

  it("drops the empty paragraphs the editor leaves at the end", () => {
    expect(sanitizeHelpHtml("<h2>A</h2><p>b</p><p></p><p><br></p>")).toBe("<h2>A</h2><p>b</p>");
    expect(sanitizeHelpHtml("<p></p><p>x</p>")).toBe("<p></p><p>x</p>");
  });

  it("is stable: sanitizing stored HTML again changes nothing", () => {
    const once = sanitizeHelpHtml(
      `<h2>A</h2><p><a href="/help/1" target="_blank">l</a><img src="${OWN}" alt="x"></p>`,
    );
    expect(sanitizeHelpHtml(once)).toBe(once);
  });
});

describe("helpPlainText and helpExcerpt", () => {
  it("reads blocks as words, decodes entities and drops scripts", () => {
    expect(
      helpPlainText(
        "<h2>Title</h2><p>One &amp; two</p><ul><li>a</li><li>b</li></ul><script>x()</script>",
      ),
    ).toBe("Title One & two a b");
  });

  it("cuts long text at a word with an ellipsis", () => {
    const long = `<p>${"word ".repeat(60)}</p>`;
    const excerpt = helpExcerpt(long, 40);
    expect(excerpt.length).toBeLessThanOrEqual(41);
    expect(excerpt.endsWith("word…")).toBe(true);
    expect(helpExcerpt("<p>Short.</p>")).toBe("Short.");
  });
});
