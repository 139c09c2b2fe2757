import { describe, expect, it } from "vitest";
import { setDatabaseForTests } from "@/db";
import { appErrorOf } from "@/lib/testing/app-error";
import { rowCounts } from "@/lib/testing/row-counts";
import { loadActor, makeCtx, type Ctx } from "@/lib/services/context";
import { listNotes, createNote, saveJobNote, pinNote } from "@/lib/services/notes";
import { salaryReport } from "@/lib/services/salary/read";
import { paySlipPdf } from "@/lib/services/salary/slip";
import { unpaidEarnings } from "@/lib/services/users/unpaid-earnings";
import { bookApplications, bookMissingRates } from "@/lib/services/applications/book";
import { undoApplicationChange } from "@/lib/services/applications/undo";
import { changeApplication } from "@/lib/services/applications/change";
import { changeApplicationStatus } from "@/lib/services/applications/status";
import { reportHours } from "@/lib/services/hours/report";
import { setExperience, setSkills } from "@/lib/services/users/skills";
import { uploadDocument } from "@/lib/services/documents";
import { checkIn } from "@/lib/services/worker/check-in";
import { SEED_MOMENTS, seededDemo } from "@/seed/demo.test-support";
import { loadWorld, type World } from "./security-matrix.test-support";

/*
 * Issue 27: the verbs that used to read their body or query before they looked at the caller.
 * Called through the service verb (the route handlers and the server actions share it) with an
 * empty body by every signed-in kind of caller: one who may not use the verb at all is refused
 * (403, or 404 where the record is not theirs to know) — never the body's 422 — and one who may
 * gets the 422 with the message the verb has always had. Nothing is written either way.
 * (The HTTP side, every caller and the foreign-record probes: security-matrix.int.test.ts.)
 */

type Who = "N" | "W" | "C" | "H" | "P" | "A";
const ALL: Who[] = ["N", "W", "C", "H", "P", "A"];

interface Case {
  verb: string;
  call: (ctx: Ctx, w: World) => Promise<unknown>;
  /** The callers who may use the verb: an empty body is their 422 with `message`. */
  may: string;
  message: string;
}

const CASES: Case[] = [
  {
    verb: "GET notes",
    call: (c) => listNotes(c, {}),
    may: "CHPA",
    message: "Invalid input: expected object, received undefined",
  },
  { verb: "POST notes", call: (c) => createNote(c, {}), may: "CHPA", message: "must be a number" },
  {
    verb: "POST jobs/save-note",
    call: (c) => saveJobNote(c, {}),
    may: "CHPA",
    message: "The note field is required.",
  },
  {
    verb: "POST jobs/pin-note",
    call: (c) => pinNote(c, {}),
    may: "CHPA",
    message: "must be a number",
  },
  {
    verb: "GET salaryReport",
    call: (c) => salaryReport(c, {}),
    may: "NWA",
    message: "Give either a user_id or a job_id.",
  },
  { verb: "GET salary/slip", call: (c) => paySlipPdf(c, {}), may: "NWA", message: "Invalid input" },
  {
    verb: "GET statistics/unpaid-earnings",
    call: (c) => unpaidEarnings(c, {}),
    may: "NWHPA",
    message: "The user id field is required.",
  },
  {
    verb: "POST applications",
    call: (c) => bookApplications(c, {}),
    may: "WCHPA",
    message: "must be a number",
  },
  {
    verb: "POST rates/missing-rates-book",
    call: (c) => bookMissingRates(c, {}),
    may: "CHPA",
    message: "must be a number",
  },
  {
    verb: "POST applications/undo",
    call: (c) => undoApplicationChange(c, {}),
    may: "WCHPA",
    message: "must be a number",
  },
  {
    verb: "POST application-change",
    call: (c) => changeApplication(c, {}),
    may: "HPA",
    message: "must be a number",
  },
  {
    // Another company's application: not the worker's, the applicant's or col@'s to know (404).
    verb: "PUT applications/{id}",
    call: (c, w) => changeApplicationStatus(c, w.ids.application.foreign, {}),
    may: "HPA",
    message:
      "The status must be one of: Applied, Reserve, Requested, Denied, Request accepted, Request denied, Booked, Report!, Reported, Approved.",
  },
  {
    verb: "POST reported-hours",
    call: (c) => reportHours(c, {}),
    may: "WHPA",
    message: "The application_id field is required.",
  },
  {
    verb: "POST users/skills",
    call: (c) => setSkills(c, {}),
    may: "NWHPA",
    message: "The user id field is required.",
  },
  {
    verb: "POST users/experience",
    call: (c) => setExperience(c, {}),
    may: "NWHPA",
    message: "The user id field is required.",
  },
  {
    verb: "POST documents",
    call: (c) => uploadDocument(c, {}),
    may: "NWHPA",
    message: "The document type field is required.",
  },
  {
    verb: "POST my-dashboard/check-in",
    call: (c) => checkIn(c, {}),
    may: "WHPA",
    message: "must be a number",
  },
];

describe("verbs that look at the caller before the body (issue 27)", () => {
  const demo = seededDemo(SEED_MOMENTS[0][1]);

  it("an empty body: 403/404 for a caller who may not use the verb, the usual 422 for one who may; nothing written", async () => {
    setDatabaseForTests(demo.handle);
    const db = demo.handle.db;
    const world = await loadWorld(demo.rows);
    const ctxs = new Map<Who, Ctx>();
    for (const c of ALL) ctxs.set(c, makeCtx(db, await loadActor(db, world.users[c])));
    const before = await rowCounts(db);
    const wrong: string[] = [];
    for (const k of CASES) {
      for (const c of ALL) {
        const err = await appErrorOf(k.call(ctxs.get(c)!, world));
        const may = k.may.includes(c);
        const ok = may
          ? err.status === 422 && err.message === k.message
          : err.status === 403 || err.status === 404;
        if (!ok) wrong.push(`${k.verb} as ${c}: ${err.status} ${err.message}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await rowCounts(db)).toEqual(before);
  }, 300_000);

  it("a worker naming another worker is refused before the body is read: another's skills, documents and earnings are 404, its salary 403", async () => {
    setDatabaseForTests(demo.handle);
    const db = demo.handle.db;
    const world = await loadWorld(demo.rows);
    const worker = makeCtx(db, await loadActor(db, world.users.W));
    const other = world.ids.user.foreign;
    const status = async (p: Promise<unknown>) => (await appErrorOf(p)).status;
    expect(await status(setSkills(worker, { user_id: other }))).toBe(404);
    expect(await status(setExperience(worker, { user_id: other }))).toBe(404);
    expect(await status(uploadDocument(worker, { user_id: String(other) }))).toBe(404);
    expect(await status(unpaidEarnings(worker, { user_id: other }))).toBe(404);
    expect(await status(salaryReport(worker, { user_id: other, from: "bad" }))).toBe(403);
    expect(await status(paySlipPdf(worker, { user_id: other }))).toBe(403);
    // Its own: the body's own 422.
    const own = world.users.W;
    expect(await status(setExperience(worker, { user_id: own }))).toBe(422);
    expect(await status(paySlipPdf(worker, { user_id: own }))).toBe(422);
  }, 120_000);
});
