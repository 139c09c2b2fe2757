import { describe, expect, it } from "vitest";
import pkg from "../package.json";

/**
 * The project runs on Node 24 (issue 22): the node@24 devDependency puts a Node 24 binary first
 * on the PATH of every npm script (npm test, npm start, the bench), also on a machine whose own
 * Node is older. A suite started any other way on an older Node fails here, not in a library.
 */
describe("the runtime", () => {
  it("is Node 24 or later", () => {
    const major = Number(process.versions.node.split(".")[0]);
    expect(major, `running on Node ${process.version}`).toBeGreaterThanOrEqual(24);
  });

  it("is what package.json asks for", () => {
    expect(pkg.engines.node).toBe(">=22");
    expect(pkg.devDependencies.node).toMatch(/^\^24\./);
  });
});
