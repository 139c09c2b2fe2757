import { describe, expect, it } from "vitest";
import { setDatabaseForTests } from "@/db";
import { allEndpoints } from "@/lib/http/api";
import type { Endpoint } from "@/lib/http/endpoint";
import { callRoute } from "@/lib/testing/route-request";
import { rowCounts } from "@/lib/testing/row-counts";
import { decide, matchRoute, type GuardUser } from "@/lib/auth/guard";
import { loadActor, makeCtx, type UserActor } from "@/lib/services/context";
import { routeCheckPasses } from "@/lib/services/guard";
import { getProfile } from "@/lib/services/users/profile";
import { getCompany } from "@/lib/services/companies/view";
import { fetchJobForView } from "@/lib/services/jobs/view";
import { SEED_MOMENTS, seededDemo } from "@/seed/demo.test-support";
import { CALLERS, MATRIX, type Caller } from "./security-matrix.table";
import { probes } from "./security-matrix.probes";
import {
  CALLER_EMAIL,
  handlerOf,
  kindOf,
  loadWorld,
  tokenOf,
  type World,
} from "./security-matrix.test-support";

/*
 * The security matrix (issue 27): every /api/v2 operation called by every role — administrator,
 * project manager, crew handler, client contact, worker, applicant, signed out — with a record
 * foreign to the worker and the client contact and (GET) with their own, over the route
 * handlers of the demo world. The answers are compared with security-matrix.table.ts: let in →
 * neither 401, 403 nor 404 (a write with an empty body may answer 422); kept out → 401, 403 or
 * 404. No answer to the worker, applicant or client contact carries a foreign record's name or
 * e-mail address. SECURITY_MATRIX_RECORD=1 prints the observed table instead of comparing.
 */

const DENY = new Set([401, 403, 404]);
const GUARD = { mode: "production" as const, twoFactorRequiredForAdmins: false };
const guardUser = (a: UserActor): GuardUser => ({
  permissions: a.permissions,
  isAdmin: a.isAdmin,
  totpEnabled: true,
});
const key = (ep: Endpoint) => `${ep.method} ${ep.path}`;
/** Calls that end or rotate the caller's own sign-in: each gets a fresh token. */
const OWN_SESSION = (ep: Endpoint) =>
  ep.method !== "GET" && (ep.path.startsWith("/auth/") || ep.path.startsWith("/otp"));
/** Reads first, deletes last: a write of one caller must not take away another's record. */
const ORDER: Record<string, number> = { GET: 0, POST: 1, PUT: 1, PATCH: 1, DELETE: 2 };

describe("security matrix of /api/v2", () => {
  // A fixed moment: the same world on every run, whatever the day (the calls run at today).
  const demo = seededDemo(SEED_MOMENTS[0][1]);

  it("sniffs every upload: a program renamed to .jpg or .pdf is refused with 422 and nothing is written", async () => {
    setDatabaseForTests(demo.handle);
    const world = await loadWorld(demo.rows);
    const [doc] = await demo.rows<{ id: number; document_type_id: number }>(
      `select id, document_type_id from documents where user_id = $1 order by id limit 1`,
      [world.users.W],
    );
    // A Windows program (the MZ header and PE stub), named and typed as a photo or a PDF.
    const exe = new Uint8Array(4096);
    exe.set([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]);
    exe.set(new TextEncoder().encode("This program cannot be run in DOS mode."), 78);
    const uploads: Record<
      string,
      {
        caller: Caller;
        params?: Record<string, string>;
        fields?: Record<string, string>;
        name: string;
      }
    > = {
      "POST /settings/logo": { caller: "A", name: "logo.png" },
      "POST /help/images": { caller: "A", name: "diagram.png" },
      "POST /users/profilePicture/{id}": {
        caller: "W",
        params: { id: String(world.users.W) },
        name: "me.jpg",
      },
      "POST /documents": {
        caller: "W",
        fields: { document_type_id: String(doc.document_type_id), expires_on: "2030-01-01" },
        name: "passport.pdf",
      },
      "PUT /documents/{id}": { caller: "W", params: { id: String(doc.id) }, name: "passport.pdf" },
      "POST /companies/{id}/files": {
        caller: "P",
        params: { id: String(world.ids.company.C) },
        name: "contract.pdf",
      },
    };
    // Every operation that takes a file (a multipart limit of its own) is swept here.
    expect(
      allEndpoints
        .filter((e) => e.maxBodyBytes !== undefined)
        .map(key)
        .sort(),
    ).toEqual(Object.keys(uploads).sort());
    const refused: string[] = [];
    for (const [op, u] of Object.entries(uploads)) {
      const [method, apiPath] = op.split(" ");
      const handler = await handlerOf(method, apiPath);
      let url = "/api/v2" + apiPath;
      for (const [n, v] of Object.entries(u.params ?? {})) url = url.replace(`{${n}}`, v);
      const form = new FormData();
      for (const [k, v] of Object.entries(u.fields ?? {})) form.set(k, v);
      const type = u.name.endsWith(".pdf") ? "application/pdf" : "image/jpeg";
      form.set("file", new File([exe], u.name, { type }));
      const { NextRequest } = await import("next/server");
      const token = await tokenOf(CALLER_EMAIL[u.caller as "A"]);
      const before = await rowCounts(demo.handle.db, new Set(["api_tokens", "auth_attempts"]));
      const res = await handler(
        new NextRequest(new URL(url, "http://localhost"), {
          method,
          headers: { authorization: `Bearer ${token}` },
          body: form,
        }),
        { params: Promise.resolve(u.params ?? {}) },
      );
      const body = (await res.json()) as { message: string; errors?: Record<string, string[]> };
      if (res.status !== 422 || !body.errors?.file || !/must be/.test(body.message))
        refused.push(`${op}: ${res.status} ${JSON.stringify(body)}`);
      const after = await rowCounts(demo.handle.db, new Set(["api_tokens", "auth_attempts"]));
      if (JSON.stringify(after) !== JSON.stringify(before)) refused.push(`${op} wrote rows`);
    }
    expect(refused).toEqual([]);
  }, 60_000);

  it("screens: the guard's own checks and the pages' data verbs keep each role to its records", async () => {
    setDatabaseForTests(demo.handle);
    const world = await loadWorld(demo.rows);
    const db = demo.handle.db;
    const ctxOf = async (c: "W" | "C" | "N" | "H") =>
      makeCtx(db, await loadActor(db, world.users[c]));
    const status = (p: Promise<unknown>) =>
      p.then(
        () => 200,
        (e: { status?: number }) => e.status ?? 500,
      );
    const { ids, users } = world;
    for (const c of ["W", "C", "N"] as const) {
      const ctx = await ctxOf(c);
      const actor = ctx.actor as UserActor;
      // Another worker's profile: the guard's own-user check fails (the 404 screen) and the
      // profile pages' verb answers 404; one's own opens.
      const userRoute = matchRoute(`/users/${ids.user.foreign}`)!;
      const passes = (id: unknown) => routeCheckPasses(ctx, actor, "ownUser", { id: String(id) });
      expect(await passes(ids.user.foreign), c).toBe(false);
      expect(
        decide(`/users/${ids.user.foreign}`, userRoute, guardUser(actor), {
          ...GUARD,
          checkPassed: false,
        }),
      ).toEqual({ action: "not-found" });
      expect(await status(getProfile(ctx, ids.user.foreign)), c).toBe(404);
      expect(await passes(users[c]), c).toBe(true);
      expect(await status(getProfile(ctx, users[c])), c).toBe(200);
      // Another company's job, and its notes tab's crew-boss check.
      expect(await status(fetchJobForView(ctx, ids.job.foreign)), c).toBeGreaterThanOrEqual(403);
      expect(
        await routeCheckPasses(ctx, actor, "crewBossOfJob", { id: String(ids.job.foreign) }),
      ).toBe(false);
      // Another company's client page: the client contact gets the 404 screen, the others
      // (no company_access) are refused.
      expect(await status(getCompany(ctx, ids.company.foreign)), c).toBe(c === "C" ? 404 : 403);
    }
    const col = await ctxOf("C");
    expect(await status(fetchJobForView(col, ids.job.C))).toBe(200);
    expect(await status(getCompany(col, ids.company.C))).toBe(200);
    const handler = await ctxOf("H");
    expect(await status(getProfile(handler, ids.user.foreign))).toBe(200);
  });

  // Last: its writes and deletes change the world the tests above read.
  it("answers each role as the table says, and never with a foreign record", async () => {
    setDatabaseForTests(demo.handle);
    const tokens = new Map<Caller, { token: string; calls: number }>();
    const tokenFor = async (c: Caller, fresh: boolean) => {
      if (c === "O") return undefined;
      let t = tokens.get(c);
      // A token answers 600 calls a minute (API_CALLS_PER_MINUTE): a new one well before.
      if (fresh || !t || t.calls > 400) {
        const token = await tokenOf(CALLER_EMAIL[c]);
        if (fresh) return token;
        t = { token, calls: 0 };
        tokens.set(c, t);
      }
      t.calls++;
      return t.token;
    };

    // Signed in before the world is read: the foreign token is the administrator's.
    for (const c of CALLERS) await tokenFor(c, false);
    const world: World = await loadWorld(demo.rows);
    const observed: Record<string, string> = {};
    const failures: string[] = [];
    const leaks: string[] = [];
    // Deleting the foreign worker comes after every other call about that worker.
    const userDelete = (e: Endpoint) => Number(key(e) === "DELETE /users/{id}");
    const ops = [...allEndpoints].sort(
      (a, b) =>
        Number(OWN_SESSION(a)) - Number(OWN_SESSION(b)) ||
        userDelete(a) - userDelete(b) ||
        ORDER[a.method] - ORDER[b.method],
    );
    for (const ep of ops) {
      const handler = await handlerOf(ep.method, ep.path);
      const names = [...ep.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const kinds = names.map((n) => kindOf(ep.path, n));
      const scoped = kinds.some((k) => k && (world.ids[k].W ?? world.ids[k].C) !== undefined);
      const idFor = (i: number, c: Caller, own: boolean): string => {
        const k = kinds[i];
        if (!k) return names[i] === "status" ? "open" : "x";
        const ids = world.ids[k];
        if (own && k === "user" && (c === "W" || c === "C" || c === "N"))
          return String(world.users[c]);
        const v = own && (c === "W" || c === "C") ? (ids[c] ?? ids.foreign) : ids.foreign;
        return String(v);
      };
      const call = async (c: Caller, own: boolean) => {
        const values = names.map((_, i) => idFor(i, c, own));
        let url = "/api/v2" + ep.path;
        names.forEach((n, i) => (url = url.replace(`{${n}}`, encodeURIComponent(values[i]))));
        const params = Object.fromEntries(names.map((n, i) => [n, values[i]]));
        const token = await tokenFor(c, OWN_SESSION(ep));
        const body = ep.method === "GET" || ep.method === "DELETE" ? {} : { json: {} };
        if (ep.path === "/realtime/stream") {
          // A stream that stays open: its status is the answer.
          const { NextRequest } = await import("next/server");
          const res = await handler(
            new NextRequest(new URL(url, "http://localhost"), {
              headers: token ? { authorization: `Bearer ${token}` } : {},
            }),
            { params: Promise.resolve(params) },
          );
          await res.body?.cancel();
          return { status: res.status, text: "" };
        }
        const res = await callRoute(handler, url, { method: ep.method, token, params, ...body });
        return { status: res.status, text: new TextDecoder().decode(res.bytes), url };
      };
      const foreign: Caller[] = [];
      const own: Caller[] = [];
      for (const c of CALLERS) {
        // A delete that got through took the record away: the callers after it are not asked.
        if (ep.method === "DELETE" && !OWN_SESSION(ep) && foreign.length) break;
        const res = await call(c, false);
        if (res.status >= 500) failures.push(`${key(ep)} as ${c}: ${res.status} ${res.text}`);
        if (!DENY.has(res.status)) foreign.push(c);
        const markers =
          c === "C"
            ? [...world.foreignMarkers.client, ...world.foreignMarkers.worker]
            : c === "W" || c === "N"
              ? world.foreignMarkers.worker
              : [];
        for (const m of markers)
          if (res.text.includes(m)) leaks.push(`${key(ep)} as ${c} shows ${m}`);
        if (ep.method === "GET" && scoped && (c === "W" || c === "C" || c === "N")) {
          const mine = await call(c, true);
          if (mine.status >= 500) failures.push(`${key(ep)} own as ${c}: ${mine.status}`);
          if (!DENY.has(mine.status)) own.push(c);
          for (const m of markers)
            if (mine.text.includes(m)) leaks.push(`${key(ep)} (own) as ${c} shows ${m}`);
        }
      }
      observed[key(ep)] =
        ep.method === "GET" && scoped ? `${foreign.join("")}|${own.join("")}` : foreign.join("");
    }

    // The second look: a well-formed body naming a foreign record, where an empty one is 422.
    const probeAnswers: string[] = [];
    // The sweep's sign-outs (DELETE /auth/tokens) ended every token it held.
    tokens.clear();
    for (const pr of probes(world)) {
      const handler = await handlerOf(pr.method, pr.path);
      let url = "/api/v2" + pr.path;
      for (const [n, v] of Object.entries(pr.params ?? {})) url = url.replace(`{${n}}`, v);
      if (pr.query) url += `?${pr.query}`;
      for (const c of pr.callers) {
        const res = await callRoute(handler, url, {
          method: pr.method,
          token: await tokenFor(c, false),
          params: pr.params,
          json: pr.json,
        });
        if (!DENY.has(res.status) || res.status === 401)
          probeAnswers.push(
            `${pr.method} ${url} ${JSON.stringify(pr.json ?? {})} as ${c}: ${res.status} ${new TextDecoder().decode(res.bytes).slice(0, 200)}`,
          );
      }
    }
    if (process.env.SECURITY_MATRIX_RECORD) {
      console.log("PROBES", probeAnswers.join("\n"));
      console.log(
        Object.entries(observed)
          .map(([k, v]) => `  "${k}": "${v}",`)
          .join("\n"),
      );
      console.log("LEAKS", leaks, "FAILURES", failures);
      return;
    }
    const differences: string[] = [];
    for (const [k, v] of Object.entries(observed)) {
      if (!(k in MATRIX)) differences.push(`${k}: no row in security-matrix.table.ts`);
      else if (MATRIX[k] !== v) differences.push(`${k}: expected "${MATRIX[k]}", got "${v}"`);
    }
    for (const k of Object.keys(MATRIX))
      if (!(k in observed)) differences.push(`${k}: a row for an operation that does not exist`);
    expect(differences).toEqual([]);
    expect(failures).toEqual([]);
    expect(leaks).toEqual([]);
    expect(probeAnswers).toEqual([]);
  }, 400_000);
});
