import { describe, expect, it } from "vitest";
import { NotFoundError } from "./errors";
import { MAX_INT, parseId, strictFlag } from "./params";

describe("parseId", () => {
  it.each([
    ["1", 1],
    ["42", 42],
    [String(MAX_INT), MAX_INT],
    [7, 7],
  ])("reads %j as %i", (value, id) => {
    expect(parseId(value, "Job")).toBe(id);
  });

  it.each([
    "abc",
    "0",
    "-1",
    "01",
    "1.5",
    "1e3",
    " 1",
    "",
    "99999999999",
    String(MAX_INT + 1),
    "0x10",
    0,
    -3,
    1.5,
    Number.NaN,
    2 ** 53,
    null,
    undefined,
    {},
    ["1"],
  ])("is a 404 for %j", (value) => {
    expect(() => parseId(value, "Job")).toThrow(NotFoundError);
    expect(() => parseId(value, "Job")).toThrow("Job not found.");
  });
});

describe("strictFlag", () => {
  it.each([
    ["1", true],
    [1, true],
    ["true", true],
    [true, true],
    ["0", false],
    [0, false],
    ["false", false],
    [false, false],
    ["", undefined],
    [undefined, undefined],
    [null, undefined],
  ])("reads %j as %j", (value, out) => {
    expect(strictFlag.parse(value)).toBe(out);
  });

  it.each(["yes", "2", "zzz", 2, "TRUE ", {}, ["1"]])("rejects %j with a message", (value) => {
    const r = strictFlag.safeParse(value);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe("must be 1 or 0");
  });
});
