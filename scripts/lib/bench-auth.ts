/** `npm run bench`: the floor of one API call, without and with bearer-token authentication. */
import { setDatabaseForTests, type DbHandle } from "@/db";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { countingDb } from "@/lib/testing/counting-db";
import { callRoute } from "@/lib/testing/route-request";
import { median } from "./bench-measure";

/** Below the per-token limit (600 a minute), so every timed call is a real 200. */
const RUNS = 200;

export interface AuthFloor {
  /** GET /api/v2/rules without a token: the route handler alone, answering 401. */
  anonymous: number;
  /** GET /api/v2/rules with a bearer token: the same plus authenticating the caller. */
  bearer: number;
  /** Statements one authenticated GET /api/v2/rules sends (all of them authentication). */
  queries: number;
}

export async function benchAuthFloor(handle: DbHandle, userId: number): Promise<AuthFloor> {
  const { GET } = await import("@/app/api/v2/rules/route");
  const token = (await issueApiToken(handle.db, userId, new Date())).access_token;
  const call = async (bearer: string | undefined, status: number) => {
    const t0 = performance.now();
    const res = await callRoute(GET, "rules", bearer ? { token: bearer } : {});
    if (res.status !== status)
      throw new Error(`GET /api/v2/rules answered ${res.status}: ${JSON.stringify(res.body)}`);
    return performance.now() - t0;
  };
  for (let i = 0; i < 10; i++) {
    await call(undefined, 401);
    await call(token, 200);
  }
  const anonymous: number[] = [];
  const bearer: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    anonymous.push(await call(undefined, 401));
    bearer.push(await call(token, 200));
  }
  const counting = countingDb(handle);
  setDatabaseForTests({ ...handle, db: counting.db });
  try {
    await call(token, 200);
  } finally {
    setDatabaseForTests(handle);
  }
  return { anonymous: median(anonymous), bearer: median(bearer), queries: counting.statements() };
}
