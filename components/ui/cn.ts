import { clsx, type ClassValue } from "clsx";

/*
 * A small stand-in for tailwind-merge (~8 KB gzipped on every page): of the Tailwind classes
 * that claim the same property under the same variants, the last one wins, as with
 * tailwind-merge over the classes this project writes (cn.test.ts checks it against
 * tailwind-merge itself). A class it does not know is kept as written.
 */

const DISPLAY = new Set([
  "block",
  "inline-block",
  "inline",
  "flex",
  "inline-flex",
  "grid",
  "inline-grid",
  "hidden",
  "contents",
  "table",
  "flow-root",
  "list-item",
]);
const POSITION = new Set(["static", "fixed", "absolute", "relative", "sticky"]);
const TEXT_SIZE = /^(xs|sm|base|lg|xl|\dxl)$/;
const TEXT_ALIGN = /^(left|center|right|justify|start|end)$/;
const FONT_WEIGHT = /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/;
const SIDES = /^(x|y|t|r|b|l|s|e|tl|tr|br|bl|ss|se|es|ee)$/;
const KEYWORDS: Record<string, string> = {
  underline: "decoration-line",
  "no-underline": "decoration-line",
  "line-through": "decoration-line",
  uppercase: "case",
  lowercase: "case",
  capitalize: "case",
  "normal-case": "case",
  "sr-only": "sr",
  "not-sr-only": "sr",
  italic: "font-style",
  "not-italic": "font-style",
  truncate: "truncate",
};
/** A later class of the key removes earlier ones of these keys (`p-2` drops an earlier `px-4`). */
const COVERS: Record<string, string[]> = {
  p: ["px", "py", "pt", "pr", "pb", "pl", "ps", "pe"],
  px: ["pr", "pl", "ps", "pe"],
  py: ["pt", "pb"],
  m: ["mx", "my", "mt", "mr", "mb", "ml", "ms", "me"],
  mx: ["mr", "ml", "ms", "me"],
  my: ["mt", "mb"],
  size: ["w", "h"],
  overflow: ["overflow-x", "overflow-y"],
  // Tailwind 4's text-sm sets the line height too, so tailwind-merge drops an earlier leading-*.
  "text-size": ["leading"],
  "line-clamp": ["display", "overflow"],
  flex: ["grow", "shrink", "basis"],
  gap: ["gap-x", "gap-y"],
  inset: ["inset-x", "inset-y", "top", "right", "bottom", "left", "start", "end"],
  "inset-x": ["right", "left"],
  "inset-y": ["top", "bottom"],
  rounded: ["rounded-t", "rounded-r", "rounded-b", "rounded-l", "rounded-tl", "rounded-tr"],
  "border-w": ["border-w-x", "border-w-y", "border-w-t", "border-w-r", "border-w-b", "border-w-l"],
};

/** The property a utility (without variants, `!` or a leading `-`) sets. */
function group(utility: string): string {
  if (DISPLAY.has(utility)) return "display";
  if (POSITION.has(utility)) return "position";
  if (utility in KEYWORDS) return KEYWORDS[utility];
  const parts = utility.replace(/-\[.*\]$/, "-[]").split("-");
  const [head, second] = parts;
  const rest = parts.slice(1).join("-");
  switch (head) {
    case "text":
      if (TEXT_SIZE.test(rest) || /^\[\d/.test(rest)) return "text-size";
      if (TEXT_ALIGN.test(rest)) return "text-align";
      if (/^(wrap|nowrap|balance|pretty)$/.test(rest)) return "text-wrap";
      return "text-color";
    case "font":
      return FONT_WEIGHT.test(rest) ? "font-weight" : "font-family";
    case "border": {
      if (parts.length === 1 || /^\d+$/.test(rest)) return "border-w";
      if (rest === "collapse" || rest === "separate") return "border-collapse";
      if (SIDES.test(second)) return `border-w-${second}`;
      if (/^(solid|dashed|dotted|double|none|hidden)$/.test(rest)) return "border-style";
      return "border-color";
    }
    case "rounded":
      return parts.length > 1 && SIDES.test(second) ? `rounded-${second}` : "rounded";
    case "ring":
    case "outline":
      if (parts.length === 1 || /^\d+$/.test(rest)) return `${head}-w`;
      return rest === "inset" || rest === "offset" ? utility : `${head}-color`;
    case "shadow":
      return parts.length === 1 || /^(2xs|xs|sm|md|lg|xl|2xl|none|inner)$/.test(rest)
        ? head
        : "shadow-color";
    case "bg":
    case "transition":
      return head;
    case "flex":
      if (/^(row|col|row-reverse|col-reverse)$/.test(rest)) return "flex-direction";
      if (/^(wrap|nowrap|wrap-reverse)$/.test(rest)) return "flex-wrap";
      return "flex";
    case "list":
      // list-inside/outside (position) and list-disc/decimal (type) are separate properties.
      if (rest === "inside" || rest === "outside") return "list-position";
      return rest.startsWith("image") ? "list-image" : "list-type";
    case "whitespace":
    case "items":
    case "justify":
    case "content":
    case "self":
      return head;
    default:
      return parts.length > 1 ? parts.slice(0, -1).join("-") : utility;
  }
}

/** `sm:hover:!-mt-2` → ["sm:hover:!", "mt"]. */
function keyOf(cls: string): [string, string] {
  let depth = 0;
  let cut = 0;
  for (let i = 0; i < cls.length; i++) {
    const ch = cls[i];
    if (ch === "[") depth++;
    else if (ch === "]") depth--;
    else if (ch === ":" && depth === 0) cut = i + 1;
  }
  let utility = cls.slice(cut);
  let prefix = cls.slice(0, cut);
  if (utility.startsWith("!")) {
    prefix += "!";
    utility = utility.slice(1);
  }
  if (utility.startsWith("-")) utility = utility.slice(1);
  return [prefix, group(utility)];
}

/** Join class names conditionally and let later Tailwind classes win over earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs).split(/\s+/).filter(Boolean);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let i = classes.length - 1; i >= 0; i--) {
    const cls = classes[i];
    const [prefix, key] = keyOf(cls);
    // Arbitrary properties ([mask-type:luminance]) and unknown classes only drop exact repeats.
    const id = key.startsWith("[") ? cls : prefix + key;
    if (taken.has(id)) continue;
    taken.add(id);
    for (const covered of COVERS[key] ?? []) taken.add(prefix + covered);
    kept.push(cls);
  }
  return kept.reverse().join(" ");
}
