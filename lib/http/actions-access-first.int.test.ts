import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import type { Ctx } from "@/lib/services/context";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { applyOn, createJobWorld, insertJob, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { rowCounts } from "@/lib/testing/row-counts";
import type { ActionResult } from "./action";
import {
  bookWorker,
  moveApplication,
  setApplicationStatus,
  undoChange,
} from "@/app/(app)/jobs/[id]/(view)/book/actions";
import { addJobNote, togglePin } from "@/app/(app)/jobs/[id]/(view)/job-notes/actions";
import { reportMyHours } from "@/app/(app)/my-dashboard/actions";
import { enterHours } from "@/app/(app)/approvals/actions";

/*
 * Issue 27 on the screens: the server actions whose verb looks at the caller before it reads
 * the input answer a caller without access with that refusal (403, or 404 for a record not
 * theirs to know) even when what it sent is invalid — never the 422 that names the fields. The
 * same input from a caller who may use the verb is that 422, so the input is invalid indeed.
 * (The verbs themselves, as the REST API calls them: api/access-first.int.test.ts.)
 */

let ctx: Ctx;
vi.mock("@/lib/auth/session", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/auth/session")>()),
  requestCtx: async () => ctx,
}));
vi.mock("next/cache", () => ({
  revalidatePath: () => undefined,
  revalidateTag: () => undefined,
  updateTag: () => undefined,
}));

let handle: DbHandle;
let db: Db;
let w: JobWorld;
let applicant: number;
let jobId: number;
let applicationId: number;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  w = await createJobWorld(db);
  // Signed up, not yet approved: may not book, apply or undo.
  applicant = (await createUser(db, { roles: [ROLE.worker], approved: false })).id;
  const other = (await createUser(db, { roles: [ROLE.worker] })).id;
  const job = await insertJob(db, {
    name: "Access first",
    companyId: w.companyA,
    countryId: w.countryId,
    shifts: [
      {
        startsAt: new Date("2031-06-01T08:00:00Z"),
        endsAt: new Date("2031-06-01T16:00:00Z"),
        slots: [{ skillId: w.skill, positions: 2 }],
      },
    ],
  });
  jobId = job.id;
  // Another worker's booking: not w.worker's to know.
  applicationId = await applyOn(db, job.shifts[0].slots[0].id, other);
});
afterAll(async () => {
  await handle?.close();
});

type Bad = never;

interface Case {
  action: string;
  call: () => Promise<ActionResult<unknown>>;
  /** A signed-in caller who may not use the verb, and the refusal it hears. */
  denied: () => number;
  status: 403 | 404;
}

const CASES: Case[] = [
  {
    action: "book: bookWorker",
    call: () => bookWorker({} as Bad),
    denied: () => applicant,
    status: 403,
  },
  {
    action: "book: setApplicationStatus",
    call: () => setApplicationStatus(applicationId, "nonsense" as Bad),
    denied: () => w.worker,
    status: 404,
  },
  {
    action: "book: undoChange",
    call: () => undoChange("abc" as Bad),
    denied: () => applicant,
    status: 403,
  },
  {
    action: "book: moveApplication",
    call: () => moveApplication({ application_id: "abc" } as Bad),
    denied: () => w.worker,
    status: 403,
  },
  {
    action: "job notes: addJobNote",
    call: () => addJobNote(jobId, ""),
    denied: () => w.worker,
    status: 403,
  },
  {
    action: "job notes: togglePin",
    call: () => togglePin("abc" as Bad),
    denied: () => w.worker,
    status: 403,
  },
  {
    action: "my-dashboard: reportMyHours",
    call: () => reportMyHours(applicationId, { start: "lots" } as Bad),
    denied: () => w.colA,
    status: 403,
  },
  {
    action: "approvals: enterHours",
    call: () => enterHours(applicationId, { start: "lots" } as Bad),
    denied: () => w.colA,
    status: 403,
  },
];

describe("server actions that look at the caller before the input (issue 27)", () => {
  it.each(CASES)(
    "$action: refused ($status) for a caller without access, 422 for the admin",
    async (k) => {
      const before = await rowCounts(db);
      ctx = await ctxFor(db, k.denied());
      const refused = await k.call();
      expect(refused).toMatchObject({ ok: false, status: k.status });
      expect(refused).not.toHaveProperty("errors");

      ctx = await ctxFor(db, w.admin);
      const invalid = await k.call();
      expect(invalid).toMatchObject({ ok: false, status: 422 });
      expect(invalid).toHaveProperty("errors");
      expect(await rowCounts(db)).toEqual(before);
    },
  );
});
