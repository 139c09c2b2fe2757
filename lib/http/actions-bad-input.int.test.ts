import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import type { Ctx } from "@/lib/services/context";
import { testDatabase } from "@/lib/testing/db";
import { rowCounts } from "@/lib/testing/row-counts";
import { createUser, ctxFor } from "@/lib/testing/fixtures";

/*
 * A server action is a public POST: whatever a caller sends reaches it. Every exported action
 * (signed-in screens and the public sign-in ones), called with arguments that cannot be served, answers a failed
 * result below 500 (the screen shows its message) and changes nothing: it never throws
 * (which the screen could only show as "Something went wrong") and never writes half.
 * Walks the action files, so a new action is swept without being listed here.
 */

let ctx: Ctx;
vi.mock("@/lib/auth/session", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/auth/session")>()),
  requestCtx: async () => ctx,
}));
vi.mock("@/lib/auth/remember-cookie", () => ({
  readRememberCookie: async () => undefined,
  setRememberCookie: async () => undefined,
}));
vi.mock("next/navigation", () => ({
  redirect: (to: string) => {
    throw new Error(`REDIRECT ${to}`);
  },
}));
vi.mock("next/cache", () => ({
  revalidatePath: () => undefined,
  revalidateTag: () => undefined,
  updateTag: () => undefined,
}));

let handle: DbHandle;
let db: Db;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
});
afterAll(async () => {
  await handle?.close();
});

const BAD_ARGS: unknown[][] = [
  [],
  ["abc"],
  [-1, "abc"],
  [{}],
  [99999999999, {}, {}],
  [null, null, null],
  [{ id: "abc", ids: "x", page: -1 }, []],
  [2147483648, 2147483648, { status: "nonsense" }],
];

function actionFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return actionFiles(full);
    return /(^|-)actions\.ts$/.test(e.name) ? [full] : [];
  });
}

const files = [
  ...actionFiles(path.join(process.cwd(), "app")),
  ...actionFiles(path.join(process.cwd(), "components")),
];

/** Rows a refused call is meant to write: the failed sign-in attempts that rate-limit. */
const BOOKKEEPING = new Set(["auth_attempts"]);

type Result = { ok: boolean; status?: number; message?: string };

/**
 * Actions that may answer these calls: a search (a read), and actions whose every argument is
 * optional. The row count below still proves they wrote nothing.
 */
const MAY_SUCCEED: Record<string, string> = {
  searchWorkers: "a search of bookable workers: a read",
  removeAgencyLogoAction: "takes no input; removing an absent logo changes nothing",
  approveAllMatching: "no filter is every awaiting report (there are none here)",
  previewMatching: "what Approve all that match the plan would do: a read",
  loadChats: "the caller's own conversations, no page the first: a read",
  findChatPeople: "a search of people to chat with: a read",
  unreadTotal: "takes no input; the caller's unread chat messages: a read",
};

describe("bad input on every server action", () => {
  it("finds the action files", () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it("answers a failed result below 500, never throws, and writes nothing, for an administrator and a worker", async () => {
    const admin = await createUser(db, { roles: [ROLE.admin] });
    const worker = await createUser(db, { roles: [ROLE.worker] });
    const actors = [await ctxFor(db, admin.id), await ctxFor(db, worker.id)];
    const before = await rowCounts(db, BOOKKEEPING);
    const problems: string[] = [];
    let calls = 0;
    for (const file of files) {
      const mod = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
      const name = path.relative(process.cwd(), file);
      for (const [exported, fn] of Object.entries(mod)) {
        if (typeof fn !== "function") continue;
        for (const actor of actors)
          for (const args of BAD_ARGS) {
            ctx = actor;
            calls++;
            const call = `${name} ${exported}(${JSON.stringify(args).slice(1, -1)}) as ${actor.actor?.kind === "user" && actor.actor.isAdmin ? "admin" : "worker"}`;
            let r: Result;
            try {
              r = (await (fn as (...a: unknown[]) => Promise<Result>)(...args)) ?? { ok: true };
            } catch (err) {
              // Confirming an e-mail, or reporting a change, always redirects; a bad link lands
              // on a page that says so.
              if (
                err instanceof Error &&
                (err.message === "REDIRECT /sign-in?verification=invalid" ||
                  err.message === "REDIRECT /email/reported?invalid=true")
              )
                continue;
              problems.push(`${call} threw ${err instanceof Error ? err.message : String(err)}`);
              continue;
            }
            if (r.ok) {
              if (!(exported in MAY_SUCCEED)) problems.push(`${call} succeeded`);
            } else if ((r.status ?? 500) >= 500)
              problems.push(`${call} → ${r.status} ${r.message}`);
          }
      }
    }
    expect(problems).toEqual([]);
    // Some 120 actions × 8 calls × 2 actors: the walk found them.
    expect(calls).toBeGreaterThan(1500);
    expect(await rowCounts(db, BOOKKEEPING)).toEqual(before);
  });
});
