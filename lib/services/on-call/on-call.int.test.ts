import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { createJobWorld, type JobWorld } from "@/lib/testing/jobs-fixtures";
import {
  NOT_A_WORKER,
  ON_CALL_MESSAGES,
  addOnCall,
  listOnCall,
  removeOnCall,
  searchOnCallUsers,
} from ".";

let handle: DbHandle;
let db: Db;
let w: JobWorld;
const now = new Date("2026-11-22T12:00:00Z");
const ctxOf = (userId: number) => ctxFor(db, userId, { now });

let olga: number;
let oskar: number;
let off: number;
let applicant: number;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  w = await createJobWorld(db);
  olga = (await createUser(db, { name: "Olga Oncall", roles: [ROLE.worker] })).id;
  oskar = (await createUser(db, { name: "Oskar Oncall", roles: [ROLE.worker] })).id;
  off = (await createUser(db, { name: "Otto Off", roles: [ROLE.worker], status: "deactivated" }))
    .id;
  applicant = (await createUser(db, { name: "Ola New", roles: [ROLE.worker], approved: false })).id;
  await db.update(schema.users).set({ phone: "+45 11 22 33 44" }).where(eq(schema.users.id, olga));
  await db.insert(schema.userSkills).values({ userId: olga, skillId: w.skill });
});
afterAll(async () => {
  await handle?.close();
});

const logsAbout = (userId: number) =>
  db
    .select()
    .from(schema.activityLog)
    .where(
      and(eq(schema.activityLog.logName, "on_call"), eq(schema.activityLog.subjectId, userId)),
    );

describe("on-call list", () => {
  it("adds a worker, lists it with phone, skills and who added it, and logs it", async () => {
    const ctx = await ctxOf(w.crewHandler);
    const res = await addOnCall(ctx, { userId: olga });
    expect(res).toMatchObject({ user_id: olga, message: ON_CALL_MESSAGES.added });
    const page = await listOnCall(ctx, {});
    const row = page.items.find((r) => r.user_id === olga)!;
    expect(row).toMatchObject({
      name: "Olga Oncall",
      phone: "+45 11 22 33 44",
      skills: ["Stagehand"],
      added_by: { id: w.crewHandler },
      added_at: now.toISOString(),
    });
    const logs = await logsAbout(olga);
    expect(logs.map((l) => [l.description, l.causerId])).toEqual([
      ["Added Olga Oncall to the on-call list", w.crewHandler],
    ]);
  });

  it("answers 409 for a worker already on the list, and writes nothing", async () => {
    const err = await appErrorOf(addOnCall(await ctxOf(w.pm), { userId: String(olga) }));
    expect(err.status).toBe(409);
    expect(err.message).toBe("Olga Oncall is already on the on-call list.");
    expect(await logsAbout(olga)).toHaveLength(1);
  });

  it("refuses anyone but an approved, active worker (422) and unknown ids (404)", async () => {
    const ctx = await ctxOf(w.pm);
    for (const userId of [off, applicant, w.pm, w.colA]) {
      const err = await appErrorOf(addOnCall(ctx, { userId }));
      expect(err.status).toBe(422);
      expect(err.errors).toEqual({ userId: [NOT_A_WORKER] });
    }
    expect((await appErrorOf(addOnCall(ctx, { userId: 999_999 }))).status).toBe(404);
    for (const body of [{}, { userId: "abc" }, { userId: -1 }, null, { userId: 2 ** 40 }])
      expect((await appErrorOf(addOnCall(ctx, body))).status).toBe(422);
  });

  it("searches workers not yet on the list, at most 10, by name, e-mail or phone", async () => {
    const ctx = await ctxOf(w.crewHandler);
    const found = await searchOnCallUsers(ctx, { userName: "oncall" });
    expect(found.map((u) => u.id)).toEqual([oskar]);
    expect(await searchOnCallUsers(ctx, { userName: "otto" })).toEqual([]);
    expect((await searchOnCallUsers(ctx, {})).length).toBeLessThanOrEqual(10);
    const bad = await appErrorOf(searchOnCallUsers(ctx, { userName: { a: 1 } }));
    expect(bad.message).toBe("Badly formed data");
  });

  it("removes a worker with a log row; 404 when not on the list or not an id", async () => {
    const ctx = await ctxOf(w.pm);
    expect(await removeOnCall(ctx, String(olga))).toMatchObject({
      user_id: olga,
      message: ON_CALL_MESSAGES.removed,
    });
    expect((await listOnCall(ctx, {})).items.map((r) => r.user_id)).not.toContain(olga);
    expect((await logsAbout(olga)).map((l) => l.description)).toContain(
      "Removed Olga Oncall from the on-call list",
    );
    for (const id of [olga, "abc", "0", 999_999])
      expect((await appErrorOf(removeOnCall(ctx, id))).status).toBe(404);
  });

  it("is the office's: a worker and every client contact get 403 on every verb", async () => {
    for (const who of [w.worker, w.colA, w.colEditorA]) {
      const ctx = await ctxOf(who);
      expect((await appErrorOf(listOnCall(ctx, {}))).status).toBe(403);
      expect((await appErrorOf(addOnCall(ctx, { userId: oskar }))).status).toBe(403);
      expect((await appErrorOf(removeOnCall(ctx, oskar))).status).toBe(403);
      expect((await appErrorOf(searchOnCallUsers(ctx, {}))).status).toBe(403);
    }
  });

  it("lists a page in two queries, whatever its size", async () => {
    await addOnCall(await ctxOf(w.pm), { userId: oskar });
    await addOnCall(await ctxOf(w.pm), { userId: olga });
    const counting = countingDb(handle);
    const ctx = await ctxFor(counting.db, w.admin, { now });
    counting.reset();
    expect((await listOnCall(ctx, { perPage: 1 })).items).toHaveLength(1);
    const one = counting.statements();
    counting.reset();
    expect((await listOnCall(ctx, { perPage: 10 })).items).toHaveLength(2);
    expect(counting.statements()).toBe(one);
    expect(one).toBe(2);
  });
});
