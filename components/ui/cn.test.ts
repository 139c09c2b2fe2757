import fs from "node:fs";
import path from "node:path";
import { clsx } from "clsx";
import { extendTailwindMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { cn } from "./cn";

// The reference: tailwind-merge as the primitives used it before cn became local.
const twMerge = extendTailwindMerge({ extend: { theme: { radius: ["control", "card"] } } });
// A repeated class that tailwind-merge does not know survives it twice; cn keeps it once.
const reference = (...inputs: Parameters<typeof clsx>) =>
  twMerge(clsx(inputs))
    .split(" ")
    .filter((c, i, all) => all.lastIndexOf(c) === i)
    .join(" ");

const SINGLE_WORD_CLASSES = new Set(
  "block inline flex grid hidden contents table static fixed absolute relative sticky border rounded shadow grow shrink truncate underline italic uppercase lowercase capitalize transition antialiased container".split(
    " ",
  ),
);

/** Every class="…" / "…" list the screens and primitives write. */
function classLists(dirs: string[]): string[] {
  const lists = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.includes(".test.")) {
        const src = fs.readFileSync(full, "utf8");
        for (const m of src.matchAll(/className="([^"]+)"/g)) lists.add(m[1]);
        // Class strings handed to cn() or kept in tables of variants and sizes.
        for (const m of src.matchAll(
          /"((?:[a-z!\[&_:-][\w\[\]&_:./%()-]*\s+){2,}[\w\[\]&_:./%()!-]+)"/g,
        ))
          lists.add(m[1]);
      }
    }
  };
  for (const dir of dirs) walk(path.join(process.cwd(), dir));
  // Only lists of class names (not sentences that happen to sit in quotes).
  const classLike = (t: string) => /[-:]/.test(t) || SINGLE_WORD_CLASSES.has(t);
  return [...lists].filter((l) => l.split(/\s+/).every(classLike));
}

describe("cn", () => {
  it("joins conditional classes like clsx", () => {
    expect(cn("a", false && "b", undefined, ["c", { d: true, e: false }])).toBe("a c d");
  });

  it("lets the later class of one property win, under the same variants only", () => {
    expect(cn("px-4 py-2", "px-2")).toBe("py-2 px-2");
    expect(cn("p-4", "px-2")).toBe("p-4 px-2");
    expect(cn("px-2", "p-4")).toBe("p-4");
    expect(cn("text-sm text-gray-700", "text-accent-700")).toBe("text-sm text-accent-700");
    expect(cn("hover:bg-gray-100 bg-white", "bg-gray-50")).toBe("hover:bg-gray-100 bg-gray-50");
    expect(cn("rounded-control", "rounded-full")).toBe("rounded-full");
    expect(cn("list-inside list-disc", "list-decimal")).toBe("list-inside list-decimal");
    expect(cn("hidden", "sm:block", "flex")).toBe("sm:block flex");
    expect(cn("border border-gray-400", "border-dashed border-danger-500")).toBe(
      "border border-dashed border-danger-500",
    );
    expect(cn("w-full max-w-[60vw]", "max-w-[calc(100%-2rem)]")).toBe(
      "w-full max-w-[calc(100%-2rem)]",
    );
    expect(cn("leading-tight", "text-sm")).toBe("text-sm");
    expect(cn("[&_svg]:size-4", "[&_svg]:size-5")).toBe("[&_svg]:size-5");
  });

  it("agrees with tailwind-merge on every class list the app writes, alone and after each other", () => {
    const lists = classLists(["app", "components"]);
    expect(lists.length).toBeGreaterThan(200);
    const primitives = classLists(["components/ui", "components/shell"]);
    // What a caller hands a primitive as className: a few classes.
    const overrides = lists.filter((l) => l.split(" ").length <= 4);
    const differences: string[] = [];
    for (const a of lists)
      if (cn(a) !== reference(a)) differences.push(`${a} → ${cn(a)} ≠ ${reference(a)}`);
    for (const a of primitives) {
      for (const b of overrides) {
        if (cn(a, b) !== reference(a, b))
          differences.push(`${a} + ${b} → ${cn(a, b)} ≠ ${reference(a, b)}`);
      }
    }
    expect(differences.length, differences.slice(0, 40).join("\n")).toBe(0);
  }, 60_000);
});
