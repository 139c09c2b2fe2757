import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { createUser } from "@/lib/testing/fixtures";
import { createJobWorld, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { callRoute } from "@/lib/testing/route-request";
import * as freelancersRoute from "@/app/api/v2/freelancers/route";
import * as logRoute from "@/app/api/v2/activity-log/route";
import * as userActivitiesRoute from "@/app/api/v2/activities/[userId]/route";
import * as onCallRoute from "@/app/api/v2/on-call/route";
import * as onCallItemRoute from "@/app/api/v2/on-call/[userId]/route";
import * as onCallSearchRoute from "@/app/api/v2/on-call/search-users/route";

let handle: DbHandle;
let db: Db;
let w: JobWorld;
const tokens: Record<string, string> = {};
let candidate: number;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  w = await createJobWorld(db);
  for (const [key, id] of Object.entries({
    admin: w.admin,
    pm: w.pm,
    worker: w.worker,
    col: w.colEditorA,
  }))
    tokens[key] = (await issueApiToken(db, id, new Date())).access_token;
  candidate = (await createUser(db, { name: "Carla Callable", roles: [ROLE.worker] })).id;
});
afterAll(async () => {
  await handle?.close();
});

describe("/api/v2 records", () => {
  it("GET freelancers answers the list envelope; 403 for a worker and a client contact", async () => {
    const res = await callRoute(freelancersRoute.GET, "freelancers?filter[search]=carla", {
      token: tokens.pm,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      data: [{ id: candidate, name: "Carla Callable", has_valid_documents: true }],
      meta: { current_page: 1, per_page: 10, total: 1 },
    });
    for (const who of ["worker", "col"])
      expect(
        (await callRoute(freelancersRoute.GET, "freelancers", { token: tokens[who] })).status,
      ).toBe(403);
    const bad = await callRoute(freelancersRoute.GET, "freelancers?has_valid_documents=maybe", {
      token: tokens.pm,
    });
    expect(bad.status).toBe(422);
    expect((await callRoute(freelancersRoute.GET, "freelancers")).status).toBe(401);
  });

  it("POST, GET, search and DELETE on-call, with 201, 409, 404 and 403", async () => {
    const search = await callRoute(onCallSearchRoute.GET, "on-call/search-users?userName=carla", {
      token: tokens.pm,
    });
    expect(search.body).toEqual({
      data: [{ id: candidate, name: "Carla Callable", email: expect.any(String), phone: null }],
    });
    const add = (token: string) =>
      callRoute(onCallRoute.POST, "on-call", { token, json: { userId: candidate } });
    const created = await add(tokens.pm);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      data: { user_id: candidate, message: "Worker added to the on-call list" },
    });
    const again = await add(tokens.pm);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: "Carla Callable is already on the on-call list." });
    const list = await callRoute(onCallRoute.GET, "on-call", { token: tokens.pm });
    expect(list.body).toMatchObject({ data: [{ user_id: candidate }], meta: { total: 1 } });
    const malformed = await callRoute(onCallRoute.POST, "on-call", {
      token: tokens.pm,
      rawBody: "{userId:",
    });
    expect(malformed.status).toBe(400);
    expect(
      (await callRoute(onCallRoute.POST, "on-call", { token: tokens.pm, json: {} })).status,
    ).toBe(422);
    for (const who of ["worker", "col"]) {
      expect((await add(tokens[who])).status).toBe(403);
      expect((await callRoute(onCallRoute.GET, "on-call", { token: tokens[who] })).status).toBe(
        403,
      );
    }
    const del = (token: string) =>
      callRoute(onCallItemRoute.DELETE, `on-call/${candidate}`, {
        method: "DELETE",
        token,
        params: { userId: String(candidate) },
      });
    expect((await del(tokens.worker)).status).toBe(403);
    expect((await del(tokens.pm)).status).toBe(200);
    expect((await del(tokens.pm)).status).toBe(404);
  });

  it("GET activity-log pages 20, answers types=true, and is 403 without the permission", async () => {
    const res = await callRoute(logRoute.GET, "activity-log?filter[log_name]=on_call", {
      token: tokens.admin,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      data: [
        { description: "Removed Carla Callable from the on-call list" },
        { description: "Added Carla Callable to the on-call list", causer: { id: w.pm } },
      ],
      meta: { per_page: 20, total: 2 },
    });
    const types = await callRoute(logRoute.GET, "activity-log?types=true", { token: tokens.admin });
    expect((types.body as { data: string[] }).data).toContain("on_call");
    for (const who of ["pm", "worker", "col"])
      expect((await callRoute(logRoute.GET, "activity-log", { token: tokens[who] })).status).toBe(
        403,
      );
    const bad = await callRoute(logRoute.GET, "activity-log?filter[from]=yesterday", {
      token: tokens.admin,
    });
    expect(bad.status).toBe(422);
  });

  it("GET activities/{userId} pages 15; 404 for a worker and an unknown id", async () => {
    const get = (token: string, id: string) =>
      callRoute(userActivitiesRoute.GET, `activities/${id}`, { token, params: { userId: id } });
    const res = await get(tokens.pm, String(candidate));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ meta: { per_page: 15, total: 2 } });
    expect((await get(tokens.worker, String(candidate))).status).toBe(404);
    expect((await get(tokens.pm, "99999999")).status).toBe(404);
    expect((await get(tokens.pm, "abc")).status).toBe(404);
  });
});
