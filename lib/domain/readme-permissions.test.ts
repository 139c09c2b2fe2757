import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ALL_PERMISSIONS, DEFAULT_ROLE_PERMISSIONS, ROLE } from "./permissions";

// The README documents the default role → permission table; it must stay true.
describe("README role → permission table", () => {
  const readme = fs.readFileSync(path.join(process.cwd(), "README.md"), "utf8");
  const columns = [ROLE.admin, ROLE.projectManager, ROLE.crewHandler, ROLE.client, ROLE.worker];
  const rows = new Map(
    readme
      .split("\n")
      .map((line) => line.split("|").map((c) => c.trim()))
      .filter((cells) => cells.length === 8 && (ALL_PERMISSIONS as string[]).includes(cells[1]))
      .map((cells) => [cells[1], cells.slice(2, 7)] as const),
  );

  it("lists every permission", () => {
    expect([...rows.keys()].sort()).toEqual([...ALL_PERMISSIONS].sort());
  });

  it.each(columns.map((title, i) => [title, i] as const))(
    "matches the seeded defaults of %s",
    (title, i) => {
      const documented = [...rows].filter(([, marks]) => marks[i] === "✓").map(([name]) => name);
      expect(documented.sort()).toEqual([...DEFAULT_ROLE_PERMISSIONS[title]].sort());
    },
  );
});
