import { describe, expect, it } from "vitest";
import { DONE_NAME_MAX, done, toastName } from "./done";

describe("done", () => {
  it("names the kind, the subject and what happened", () => {
    expect(done("Branch", "Copenhagen", "created")).toBe("Branch Copenhagen created");
    expect(done("Level", "Senior", "deleted")).toBe("Level Senior deleted");
  });

  it("leaves out what it does not know", () => {
    expect(done("Branch", null, "created")).toBe("Branch created");
    expect(done("Branch", "   ", "created")).toBe("Branch created");
    expect(done("", "Ida Pedersen", "approved")).toBe("Ida Pedersen approved");
  });

  it("keeps a long or many-line name to one short line", () => {
    expect(toastName("  Royal\n  Arena ")).toBe("Royal Arena");
    const long = "x".repeat(200);
    const shown = toastName(long);
    expect(shown).toHaveLength(DONE_NAME_MAX);
    expect(shown.endsWith("…")).toBe(true);
    expect(toastName("y".repeat(DONE_NAME_MAX))).toBe("y".repeat(DONE_NAME_MAX));
  });
});
