import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  ValidationError,
} from "@/lib/services/errors";
import { pageInput } from "@/lib/services/pagination";
import { optionalId, searchText } from "@/lib/services/params";
import { parseInput } from "@/lib/services/validate";
import { noteDatabaseUp } from "@/lib/services/outage/database";
import { clientErrorOf, isUnavailableDigest } from "./client-error";
import { lenientList, pageData, pageId, withoutPath } from "./page";

/** A list verb like listJobs: its schema, plus a rule the schema cannot express. */
const listInput = pageInput(10).extend({
  filter: z.object({ company_id: optionalId, status: searchText }).optional().default({}),
});
async function listThings(raw: unknown) {
  const input = parseInput(listInput, raw);
  if (input.filter.status && input.filter.status !== "Open")
    throw new ValidationError(`Unknown status "${input.filter.status}".`, {
      "filter.status": ["Use one of: Open."],
    });
  return input;
}

const digestOf = async (p: Promise<unknown>) =>
  ((await p.catch((e: unknown) => e)) as { digest?: string }).digest;

describe("lenientList", () => {
  it("passes a valid query through untouched", async () => {
    const { data, dropped } = await lenientList(listThings, {
      page: "2",
      filter: { company_id: "3", status: "Open" },
    });
    expect(data).toMatchObject({ page: 2, filter: { company_id: 3, status: "Open" } });
    expect(dropped).toEqual({});
  });

  it.each(["0", "-1", "abc", "1.5", "99999999999"])("treats ?page=%s as page 1", async (page) => {
    const { data, dropped } = await lenientList(listThings, { page, filter: {} });
    expect(data.page).toBe(1);
    expect(Object.keys(dropped)).toEqual(["page"]);
  });

  it("drops a bad id and an unknown status, keeping the rest", async () => {
    const { data, dropped } = await lenientList(listThings, {
      page: "abc",
      filter: { company_id: "99999999999", status: "zzz" },
    });
    expect(data).toEqual({ page: 1, perPage: 10, filter: {} });
    expect(Object.keys(dropped).sort()).toEqual(["filter.company_id", "filter.status", "page"]);
  });

  it("reads a refused cursor (another sort or filter, an old link) as a fresh start, and only once", async () => {
    const seen: unknown[] = [];
    const byCursor = async (raw: { cursor?: string }) => {
      seen.push(raw.cursor);
      if (raw.cursor !== "start") throw new BadRequestError("Stale cursor.", "bad_cursor");
      return raw;
    };
    const { data, dropped } = await lenientList(byCursor, { page: "3", cursor: "old.x" });
    expect(data).toEqual({ page: "3", cursor: "start" });
    expect(dropped).toEqual({ cursor: ["Stale cursor."] });
    expect(seen).toEqual(["old.x", "start"]);
    // Refused at the start too: not the cursor's fault, the page's error.
    const refused = digestOf(
      lenientList(() => Promise.reject(new BadRequestError("No.", "bad_cursor")), {
        cursor: "start",
      }),
    );
    expect(clientErrorOf(await refused)).toMatchObject({ status: 400 });
  });

  it("shows a 404, a conflict and an error it cannot blame on the query as pages do", async () => {
    expect(await digestOf(lenientList(() => Promise.reject(new NotFoundError()), {}))).toMatch(
      /404/,
    );
    const conflict = await digestOf(
      lenientList(() => Promise.reject(new ConflictError("Busy.")), {}),
    );
    expect(clientErrorOf(conflict)).toEqual({ status: 409, message: "Busy." });
    const foreign = new ValidationError("Nope.", { other: ["Nope."] });
    expect(clientErrorOf(await digestOf(lenientList(() => Promise.reject(foreign), {})))).toEqual({
      status: 422,
      message: "Nope.",
    });
  });
});

describe("pageData with the database out of reach (issue 27)", () => {
  it('throws the error the "we\'ll be right back" screen reads, not a 500', async () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
      code: "ECONNREFUSED",
    });
    const digest = await digestOf(pageData(Promise.reject(refused)));
    expect(isUnavailableDigest(digest)).toBe(true);
    expect(clientErrorOf(digest)).toBeNull();
    noteDatabaseUp();
  });

  it("leaves any other failure to the 500 screen", async () => {
    const bug = new TypeError("x is undefined");
    await expect(pageData(Promise.reject(bug))).rejects.toBe(bug);
  });
});

describe("withoutPath", () => {
  it("removes nested keys and whole arrays, and copies", () => {
    const input = { page: "1", filter: { branches: ["1", "x"], search: "a" } };
    expect(withoutPath(input, "filter.branches.1")).toEqual({ page: "1", filter: { search: "a" } });
    expect(withoutPath(input, "page")).toEqual({ filter: input.filter });
    expect(input.filter.branches).toEqual(["1", "x"]);
    expect(withoutPath(input, "filter.status")).toBeNull();
    expect(withoutPath(input, "_")).toBeNull();
  });
});

describe("pageId and pageData", () => {
  it("is the 404 screen for an id that cannot exist", () => {
    expect(pageId("12", "Job")).toBe(12);
    for (const bad of ["abc", "0", "99999999999"])
      expect(() => pageId(bad, "Job")).toThrow(
        expect.objectContaining({ digest: expect.stringMatching(/404/) }),
      );
  });

  it("keeps a real failure a 500", async () => {
    const boom = new Error("boom");
    await expect(pageData(Promise.reject(boom))).rejects.toBe(boom);
  });
});
