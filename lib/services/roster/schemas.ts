import { z } from "zod";
import { rosterRangeProblem } from "@/lib/domain/roster";
import { isId } from "../params";

const DATE_MESSAGE = "must be a real date as YYYY-MM-DD";

const day = (field: "start" | "end") =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z
      .string({
        error: (i) =>
          i.input === undefined
            ? `The ${field} date is required.`
            : `The ${field} ${DATE_MESSAGE}.`,
      })
      .trim()
      .refine((v) => {
        const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
        if (!m) return false;
        const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
        return (
          d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3]
        );
      }, `The ${field} ${DATE_MESSAGE}.`),
  );

/** `1,2,3`, repeated `jobs=1&jobs=2` or `jobs[]=1` → a list of ids; blank → undefined. */
const jobList = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === "") return undefined;
    const items = (Array.isArray(v) ? v : [v])
      .flatMap((x) => (typeof x === "string" ? x.split(",") : [x]))
      .map((x) => (typeof x === "string" ? x.trim() : x))
      .filter((x) => x !== "");
    return items.length ? items : undefined;
  },
  z
    .array(z.unknown())
    .max(200, "Choose at most 200 jobs.")
    .superRefine((list, ctx) => {
      const bad = list.filter((x) => !isId(x));
      if (bad.length)
        ctx.addIssue({
          code: "custom",
          message: `The jobs must be a comma list of job ids; ${bad
            .slice(0, 3)
            .map((x) => `"${String(x).slice(0, 20)}"`)
            .join(", ")} ${bad.length > 1 ? "are not ids" : "is not an id"}.`,
        });
    })
    .transform((list) => list.map(Number))
    .optional(),
);

const clientId = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z
    .unknown()
    .refine((v) => v === undefined || isId(v), "The client must be a company id.")
    .transform((v) => (v === undefined ? undefined : Number(v))),
);

/**
 * GET roster: `jobs` (comma list of job ids) or `client` (a company id), and the local dates
 * `start` and `end` (inclusive, at most a year apart) the shifts start on.
 */
export const rosterInput = z
  .object({
    jobs: jobList.describe("Job ids as a comma list (or repeated); or give client"),
    client: clientId.describe("A client company id: all its jobs with shifts in the range"),
    start: day("start").describe("First day (YYYY-MM-DD, the job's local date), inclusive"),
    end: day("end").describe("Last day (YYYY-MM-DD, the job's local date), inclusive"),
  })
  .superRefine((v, ctx) => {
    if (!v.jobs && v.client === undefined)
      ctx.addIssue({ code: "custom", path: ["jobs"], message: "Choose jobs or a client." });
    if (v.jobs && v.client !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["client"],
        message: "Choose either jobs or a client, not both.",
      });
    const problem = rosterRangeProblem(v.start, v.end);
    if (problem) ctx.addIssue({ code: "custom", path: ["end"], message: problem });
  });

export type RosterInput = z.output<typeof rosterInput>;
