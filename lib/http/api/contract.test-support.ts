/** Shared setup and helpers of the contract integration tests (split along their describe blocks). */
import { afterAll, beforeAll, expect } from "vitest";
import { setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createUser, TEST_PASSWORD } from "@/lib/testing/fixtures";
import { callRoute, type ApiCall, type RouteHandler } from "@/lib/testing/route-request";
import * as loginRoute from "@/app/api/v2/auth/login/route";

export let handle: DbHandle;
export let db: Db;

export let seq = 0;
export const uniqueEmail = (tag: string) => `${tag}.${++seq}.${Date.now()}@api.test`;

export interface ErrorBody {
  message: string;
  type?: string;
  errors?: Record<string, string[]>;
}
export interface LoginData {
  id: number;
  name: string;
  email: string;
  role: { id: number; title: string }[];
  rules: string[];
  token: { access_token: string; token_type: string; expires_at: string };
  remember_token: string | null;
}

export const post = (handler: RouteHandler, p: string, call: ApiCall = {}) =>
  callRoute(handler, p, { method: "POST", ...call });
export const get = (handler: RouteHandler, p: string, call: ApiCall = {}) =>
  callRoute(handler, p, { method: "GET", ...call });

/** Every error answer is `{ message, type?, errors? }` with a JSON content type. */
export function expectErrorBody(res: { body: unknown; contentType: string }): ErrorBody {
  expect(res.contentType).toContain("application/json");
  const body = res.body as ErrorBody;
  expect(typeof body.message).toBe("string");
  expect(body.message.length).toBeGreaterThan(0);
  expect(Object.keys(body).every((k) => ["message", "type", "errors"].includes(k))).toBe(true);
  return body;
}

export async function signIn(
  roles = [ROLE.worker] as (typeof ROLE)[keyof typeof ROLE][],
  extra: { companyId?: number } = {},
) {
  const email = uniqueEmail("signin");
  const user = await createUser(db, { email, roles, ...extra });
  const res = await post(loginRoute.POST, "auth/login", {
    json: { email, password: TEST_PASSWORD },
  });
  expect(res.status).toBe(200);
  const data = (res.body as { data: LoginData }).data;
  return { ...user, token: data.token.access_token };
}

/** Registers the database hooks of one test file (each file gets its own database). */
export function setUpContractDatabase() {
  beforeAll(async () => {
    handle = await testDatabase();
    db = handle.db;
    setDatabaseForTests(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });
}
