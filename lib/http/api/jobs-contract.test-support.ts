/** Shared setup and helpers of the jobs-contract integration tests (split along their describe blocks). */
import { afterAll, beforeAll, expect } from "vitest";
import { count } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { formatDateTime } from "@/lib/domain/format";
import { ROLE } from "@/lib/domain/permissions";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { createUser } from "@/lib/testing/fixtures";
import { callRoute, type ApiCall, type RouteHandler } from "@/lib/testing/route-request";
import { createJobWorld, type JobWorld } from "@/lib/testing/jobs-fixtures";
import * as jobsRoute from "@/app/api/v2/jobs/route";
import * as editRoute from "@/app/api/v2/jobs/edit/route";

// The route handlers use the real clock, so jobs are placed in next year's December (CET).
export const YEAR = new Date().getUTCFullYear() + 1;
export const TZ = "Europe/Copenhagen";
export const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

export let handle: DbHandle;
export let db: Db;
export let w: JobWorld;
export const tokens: Record<string, string> = {};
export let bea: number;

export interface ErrorBody {
  message: string;
  type?: string;
  errors?: Record<string, string[]>;
}
export interface Envelope<T> {
  data: T;
}
export interface ListEnvelope<T> {
  data: T[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}
export interface SlotJson {
  id: number;
  skill_id: number;
  skill: { id: number; name: string };
  positions: number;
  filled: number;
}
export interface ShiftJson {
  id: number;
  start: string;
  end: string;
  shift_slots: SlotJson[];
  crew_bosses: { id: number; name: string }[];
}
export interface JobJson {
  id: number;
  name: string;
  status: string;
  reason: string | null;
  company: { id: number; name: string };
  start: string;
  end: string;
  shifts: ShiftJson[];
}

export const api = (handler: RouteHandler, path: string, call: ApiCall & { as?: string } = {}) =>
  callRoute(handler, path, { ...call, token: call.as ? tokens[call.as] : call.token });

export function errorOf(res: { body: unknown; contentType: string }): ErrorBody {
  expect(res.contentType).toContain("application/json");
  const body = res.body as ErrorBody;
  expect(Object.keys(body).every((k) => ["message", "type", "errors"].includes(k))).toBe(true);
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

export const shift = (over: Record<string, unknown> = {}) => ({
  startDate: `01/12/${YEAR}`,
  start: "08:00",
  endHour: "16:00",
  slots: [{ skill_id: w.skill, qty: 2 }],
  ...over,
});
export const jobPayload = (over: Record<string, unknown> = {}) => ({
  name: "Contract gala",
  company_id: w.companyA,
  country_id: w.countryId,
  project_manager_id: w.pm,
  shifts: [shift()],
  ...over,
});

export async function postJob(over: Record<string, unknown> = {}, as = "pm"): Promise<JobJson> {
  const res = await api(jobsRoute.POST, "jobs", { method: "POST", as, json: jobPayload(over) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as Envelope<JobJson>).data;
}

export const jobCount = async () =>
  Number((await db.select({ n: count() }).from(schema.jobs))[0].n);

/** The edit payload the editor would send for a job as fetched from GET jobs/edit. */
export async function editPayload(jobId: number, over: Record<string, unknown> = {}) {
  const res = await api(editRoute.GET, `jobs/edit?id=${jobId}`, { as: "pm" });
  expect(res.status).toBe(200);
  const form = (
    res.body as Envelope<{
      name: string;
      company_id: number;
      country_id: number;
      project_manager_id: number | null;
      shifts: { id: number; start: string; end: string; shift_slots: SlotJson[] }[];
    }>
  ).data;
  return {
    name: form.name,
    company_id: form.company_id,
    country_id: form.country_id,
    project_manager_id: form.project_manager_id,
    shifts: form.shifts.map((s) => ({
      id: s.id,
      start: formatDateTime(new Date(s.start), TZ),
      end: formatDateTime(new Date(s.end), TZ),
      shift_slots: s.shift_slots.map((x) => ({
        id: x.id,
        skill_id: x.skill_id,
        positions: x.positions,
      })),
    })),
    ...over,
  };
}

/** Registers the database hooks of one test file (each file gets its own database). */
export function setUpJobsContractDatabase() {
  beforeAll(async () => {
    handle = await testDatabase();
    db = handle.db;
    setDatabaseForTests(handle);
    w = await createJobWorld(db);
    bea = (await createUser(db, { roles: [ROLE.worker], name: "Bea Booked" })).id;
    const who = {
      admin: w.admin,
      pm: w.pm,
      worker: w.worker,
      colA: w.colA,
      colB: w.colB,
      colEditorA: w.colEditorA,
      colEditorB: w.colEditorB,
    };
    for (const [k, id] of Object.entries(who))
      tokens[k] = (await issueApiToken(db, id, new Date())).access_token;
  });
  afterAll(async () => {
    await handle?.close();
  });
}
