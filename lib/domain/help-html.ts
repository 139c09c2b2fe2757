import sanitizeHtml from "sanitize-html";

/**
 * Help articles are rich text written in the browser (tiptap), so their HTML is untrusted:
 * this is the one place that turns it into HTML we store and render. An allow-list, not a
 * block-list: the tags the editor's toolbar makes, links to the web, mail and our own pages,
 * and images uploaded to the help-images route only (the page's CSP shows no other image,
 * and an outside image would tell its host who reads the article). Everything else is stripped — `<script>`
 * and `<style>` with their text, every `on*` handler, `style`, `class`, `javascript:` and
 * `data:` URLs.
 */

/** The path uploaded help images are served from (lib/services/help/images.ts). */
export const HELP_IMAGE_PATH = "/api/v2/help/images/";

/** A help image's own URL: the route above and a storage file name (uuid.ext). */
const OWN_IMAGE = /^\/api\/v2\/help\/images\/[0-9a-f-]{36}\.(?:webp|png|jpg)$/;
/** A link: the web, mail, or a path of this site ("/help/3"; not "//host", which is offsite). */
const LINK = /^(?:https?:\/\/|mailto:|\/(?![/\\]))/i;
const SIZE = /^\d{1,4}$/;

export const LINK_REL = "noopener noreferrer nofollow";

const ALLOWED_TAGS = [
  "p",
  "h2",
  "h3",
  "h4",
  "strong",
  "em",
  "s",
  "u",
  "ul",
  "ol",
  "li",
  "blockquote",
  "code",
  "pre",
  "hr",
  "br",
  "a",
  "img",
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ["href", "target", "rel"], img: ["src", "alt", "width", "height"] },
  // Checked again by sanitize-html after our own tests below (which it normalises first).
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Dropped with everything inside them, not just their tags.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "title"],
  transformTags: {
    h1: "h2",
    h5: "h4",
    h6: "h4",
    b: "strong",
    i: "em",
    strike: "s",
    del: "s",
    a: (tagName, attribs) => {
      const href = (attribs.href ?? "").trim();
      const out: sanitizeHtml.Attributes = {};
      if (LINK.test(href)) out.href = href;
      if (attribs.target === "_blank") out.target = "_blank";
      out.rel = LINK_REL;
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const src = (attribs.src ?? "").trim();
      const out: sanitizeHtml.Attributes = {};
      if (OWN_IMAGE.test(src)) out.src = src;
      if (attribs.alt) out.alt = attribs.alt.slice(0, 300);
      if (SIZE.test(attribs.width ?? "")) out.width = attribs.width;
      if (SIZE.test(attribs.height ?? "")) out.height = attribs.height;
      return { tagName, attribs: out };
    },
  },
  // An image whose source was refused is no image at all.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

/** Untrusted HTML → the HTML of a help article (stored, and rendered). */
export function sanitizeHelpHtml(html: string): string {
  // The editor keeps an empty paragraph after the last block; it is only space at the end.
  return sanitizeHtml(html, OPTIONS)
    .replace(/(?:\s*<p>(?:\s|<br \/>)*<\/p>)+\s*$/, "")
    .trim();
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : "";
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The plain text of article HTML: blocks separated by a space, entities decoded. */
export function helpPlainText(html: string): string {
  const spaced = html.replace(/<\/(?:p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>|<hr\s*\/?>/gi, "$& ");
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
  return decodeEntities(text).replace(/\s+/g, " ").trim();
}

/** The first words of an article for lists and search results, cut at a word boundary. */
export function helpExcerpt(html: string, max = 180): string {
  const text = helpPlainText(html);
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, "")}…`;
}
