import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { firstLoad, type FirstLoad } from "../scripts/lib/first-load";

/**
 * First-load JavaScript budgets (issue 27, "Phone speed"; README, "First-load JavaScript"):
 * what a phone downloads gzipped before a screen works. The worker's screens (opened on
 * site, on a mobile network) stay within 150 KB, the office lists within 170 KB; the
 * framework floor every page pays is ~141 KB (the privacy policy, printed for reference).
 * Read from the build this e2e run serves (.next/diagnostics/route-bundle-stats.json), so it
 * costs no build of its own. The calendar is exempt: it draws react-big-calendar (and luxon),
 * and no other route may carry them (the office lists' budget would catch it).
 */
const KB = 1024; // as the README counts them (1 KB = 1,024 bytes)
const WORKER = 150;
const OFFICE = 170;

/**
 * Route as `next build` names it, its budget in KB, and who opens it. A route with a ceiling of
 * its own (`kb`, with `target` the group's budget) holds it just above its figure of today:
 * one still over its group's budget may not grow while it waits for its cut (README lists
 * them); an office list already within it may not drift back up unnoticed.
 */
const ceiling = (kb: number, target: number) => ({ kb, target });
const BUDGETS: { route: string; kb: number; who: string; target?: number }[] = [
  // The worker's menu (lib/auth/navigation.ts: My dashboard, Calendar, Live chat, Help) and
  // the profile tabs a worker has (the user menu's "My profile").
  { route: "/my-dashboard", who: "worker", kb: WORKER },
  { route: "/my-dashboard/my", who: "worker", kb: WORKER },
  { route: "/my-dashboard/new", who: "worker", kb: WORKER },
  { route: "/my-dashboard/past", who: "worker", kb: WORKER },
  { route: "/my-dashboard/pending", who: "worker", kb: WORKER },
  { route: "/live-chat", who: "worker", kb: WORKER },
  { route: "/help", who: "worker", kb: WORKER },
  { route: "/help/[id]", who: "worker", kb: WORKER },
  { route: "/users/[id]/personal", who: "worker", kb: WORKER },
  { route: "/users/[id]/settings", who: "worker", kb: WORKER },
  { route: "/users/[id]/payment", who: "worker", kb: WORKER },
  { route: "/users/[id]/my-skills", who: "worker", kb: WORKER },
  { route: "/users/[id]/my-documents", who: "worker", kb: WORKER },
  { route: "/users/[id]/invited-users", who: "worker", kb: WORKER },
  { route: "/users/[id]/user-security", who: "worker", kb: WORKER },
  // The office lists (the data table with its own column model since issue 27: no react-table).
  { route: "/dashboard", who: "office", kb: OFFICE },
  { route: "/jobs", who: "office", ...ceiling(157, OFFICE) },
  { route: "/users", who: "office", ...ceiling(158, OFFICE) },
  { route: "/applicants", who: "office", ...ceiling(157, OFFICE) },
  { route: "/approvals", who: "office", ...ceiling(164, OFFICE) },
  { route: "/clients", who: "office", ...ceiling(155, OFFICE) },
  { route: "/venues", who: "office", ...ceiling(158, OFFICE) },
  { route: "/job-quotes", who: "office", ...ceiling(159, OFFICE) },
  { route: "/freelancers", who: "office", ...ceiling(156, OFFICE) },
  { route: "/on-call", who: "office", kb: OFFICE },
  { route: "/activity-log", who: "office", kb: OFFICE },
  { route: "/jobs/templates", who: "office", ...ceiling(156, OFFICE) },
  { route: "/salaryreports", who: "office", ...ceiling(161, OFFICE) },
  { route: "/client/[id]/users", who: "office", ...ceiling(153, OFFICE) },
];

const measured = new Map<string, FirstLoad>();
const measure = (route: string) => {
  if (!measured.has(route)) measured.set(route, firstLoad(route));
  return measured.get(route)!;
};
const kb = (bytes: number) => (bytes / KB).toFixed(1);

test.beforeAll(() => {
  const rows = [{ route: "/privacy-policy", kb: 0, who: "floor" }, ...BUDGETS].map((b) => {
    const { gzip } = measure(b.route);
    const budget = b.kb ? `${b.kb} KB` : "";
    const target = b.target ? ` (target ${b.target} KB)` : "";
    return `${b.route.padEnd(28)} ${b.who.padEnd(7)} ${kb(gzip).padStart(7)} KB  ${budget}${target}`;
  });
  const calendar = measure("/calendar");
  rows.push(`${"/calendar".padEnd(28)} ${"exempt".padEnd(7)} ${kb(calendar.gzip).padStart(7)} KB`);
  console.log(`First-load JavaScript (gzip):\n${rows.join("\n")}`);
});

for (const { route, kb: budget, who } of BUDGETS) {
  test(`${route} (${who}) loads at most ${budget} KB of JavaScript (gzip) first`, () => {
    const { gzip, chunks } = measure(route);
    // The figure is read from the build the app runs on, so it is that build's, not a stale one.
    const list = [...chunks]
      .sort((a, b) => b.gzip - a.gzip)
      .map((c) => `${kb(c.gzip)} KB ${c.file}`)
      .join("\n");
    expect(gzip, `${route}: first-load JS ${kb(gzip)} KB:\n${list}`).toBeLessThanOrEqual(
      budget * KB,
    );
  });
}

/**
 * Heavy libraries stay out of the first load of every screen above: each is fetched by the
 * screen that draws it (the calendar, the charts, the editor, drag and drop) or stays on the
 * server (zod: the verbs' input schemas). Found by a string each one's code carries.
 */
const HEAVY: Record<string, string> = {
  luxon: "Invalid DateTime",
  "react-big-calendar": "rbc-calendar",
  recharts: "recharts-wrapper",
  "tiptap (ProseMirror)": "ProseMirror",
  "dnd-kit": "DndDescribedBy",
  zod: "invalid_type",
};

test("no calendar, chart, editor, drag-and-drop or zod code in those first loads", () => {
  const found: string[] = [];
  for (const { route } of BUDGETS)
    for (const { file } of measure(route).chunks) {
      const code = fs.readFileSync(file, "utf8");
      for (const [lib, marker] of Object.entries(HEAVY))
        if (code.includes(marker)) found.push(`${route}: ${lib} in ${file}`);
    }
  expect(found).toEqual([]);
  // Each marker is in the build (in the chunks of the screens that draw it), so a library
  // that moved into a first load would be found; zod is in no client chunk at all, so its
  // marker is checked in its own code.
  const dir = ".next/static/chunks";
  const all = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".js"))
    .map((f) => fs.readFileSync(`${dir}/${f}`, "utf8"));
  all.push(fs.readFileSync("node_modules/zod/v4/core/schemas.js", "utf8"));
  for (const [lib, marker] of Object.entries(HEAVY))
    expect(
      all.some((code) => code.includes(marker)),
      `${lib}'s marker in its code`,
    ).toBe(true);
});
