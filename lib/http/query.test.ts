import { describe, expect, it } from "vitest";
import { parseQuery } from "./query";

const q = (s: string) => parseQuery(new URLSearchParams(s));

describe("parseQuery", () => {
  it("reads a plain key", () => {
    expect(q("page=2")).toEqual({ page: "2" });
  });

  it("reads a bracketed key into a nested object", () => {
    expect(q("filter[company_id]=3")).toEqual({ filter: { company_id: "3" } });
  });

  it("reads key[]=… into an array, even with one value", () => {
    expect(q("filter[branches][]=1&filter[branches][]=2")).toEqual({
      filter: { branches: ["1", "2"] },
    });
    expect(q("filter[branches][]=1")).toEqual({ filter: { branches: ["1"] } });
    expect(q("ids[]=7")).toEqual({ ids: ["7"] });
  });

  it("turns a repeated plain key into an array", () => {
    expect(q("status=Booked&status=Reported")).toEqual({ status: ["Booked", "Reported"] });
    expect(q("a=1&a=2&a=3")).toEqual({ a: ["1", "2", "3"] });
  });

  it("parses the documented example", () => {
    expect(q("filter[company_id]=3&filter[branches][]=1&filter[branches][]=2&page=2")).toEqual({
      filter: { company_id: "3", branches: ["1", "2"] },
      page: "2",
    });
  });

  it("decodes values and keeps empty ones", () => {
    expect(q("search=Anna%20Hansen&sort=")).toEqual({ search: "Anna Hansen", sort: "" });
  });

  it.each(["a]b=1", "[x]=1", "a[b=1", "a[b]c=1", "=1", "a[[b]]=1"])(
    "ignores the odd key in %j",
    (s) => {
      expect(q(`${s}&page=2`)).toEqual({ page: "2" });
    },
  );

  it("limits nesting depth", () => {
    expect(q("a[b][c][d][e][f]=1")).toEqual({ a: { b: { c: { d: "1" } } } });
  });

  it("reads at most 200 keys", () => {
    const many = new URLSearchParams();
    for (let i = 0; i < 250; i++) many.append(`k${i}`, String(i));
    const out = parseQuery(many);
    expect(Object.keys(out)).toHaveLength(200);
    expect(out.k199).toBe("199");
    expect(out).not.toHaveProperty("k200");
  });

  it("counts repeated values against the key limit", () => {
    const many = new URLSearchParams();
    for (let i = 0; i < 250; i++) many.append("id", String(i));
    expect(parseQuery(many).id).toHaveLength(200);
  });

  it("does not write onto Object.prototype for __proto__[x]=…", () => {
    try {
      q("__proto__[crewdeckPolluted]=yes");
      expect(({} as Record<string, unknown>).crewdeckPolluted).toBeUndefined();
    } finally {
      delete (Object.prototype as Record<string, unknown>).crewdeckPolluted;
    }
  });

  it("does not write onto Object.prototype for constructor[prototype][x]=…", () => {
    try {
      q("constructor[prototype][crewdeckPolluted2]=yes");
      expect(({} as Record<string, unknown>).crewdeckPolluted2).toBeUndefined();
    } finally {
      delete (Object.prototype as Record<string, unknown>).crewdeckPolluted2;
    }
  });

  it("treats a key named like an Object.prototype member as a plain key", () => {
    expect(q("toString=1")).toEqual({ toString: "1" });
  });
});
