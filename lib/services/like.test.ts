import { describe, expect, it } from "vitest";
import { containsPattern, escapeLike } from "./like";

describe("LIKE patterns", () => {
  it("escapes the wildcards and the escape character", () => {
    expect(escapeLike("50%")).toBe("50\\%");
    expect(escapeLike("a_b\\c")).toBe("a\\_b\\\\c");
    expect(containsPattern("Nord")).toBe("%Nord%");
  });

  it("drops NUL characters, which PostgreSQL text cannot hold", () => {
    expect(containsPattern("an\u0000na")).toBe("%anna%");
    expect(containsPattern("\u0000")).toBe("%%");
  });
});
