/**
 * npm run bench: how GET /api/v2/jobs holds up as the data grows. Seeds a scratch database
 * (in-memory PGlite, or a fresh `crewdeck_bench` database on DATABASE_URL's server), times the
 * route handler (first page; filtered by company) at 20 and at 20,000 jobs, prints the
 * medians and their ratio, and EXPLAINs every query the list runs to show which index it uses.
 */
import { PGlite } from "@electric-sql/pglite";
import { Client } from "pg";
import { NextRequest } from "next/server";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { sql } from "drizzle-orm";
import {
  pgliteHandle,
  postgresHandle,
  prepareDatabase,
  schema,
  setDatabaseForTests,
  type Db,
  type DbHandle,
} from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { roleId } from "@/db/seed/reference";
import { hashPassword } from "@/lib/auth/password";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { listJobs } from "@/lib/services/jobs/list";
import { loadActor, makeCtx } from "@/lib/services/context";

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const BIG = Number(process.env.BENCH_JOBS ?? 20_000);

async function scratch(): Promise<DbHandle> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query("DROP DATABASE IF EXISTS crewdeck_bench WITH (FORCE)");
    await admin.query("CREATE DATABASE crewdeck_bench");
    await admin.end();
    const u = new URL(url);
    u.pathname = "/crewdeck_bench";
    return postgresHandle(u.toString(), 5);
  }
  return pgliteHandle(await PGlite.create());
}

async function seedJobs(
  db: Db,
  count: number,
  ctx: {
    countryId: number;
    companies: number[];
    skills: number[];
    workers: number[];
    start: number;
  },
) {
  const day = 86_400_000;
  for (let done = 0; done < count;) {
    const n = Math.min(1000, count - done);
    const jobs = await db
      .insert(schema.jobs)
      .values(
        Array.from({ length: n }, (_, i) => {
          const k = done + i;
          const startsAt = new Date(ctx.start + ((k * 7) % 700) * day - 200 * day);
          return {
            name: `Bench job ${k}`,
            companyId: ctx.companies[k % ctx.companies.length],
            countryId: ctx.countryId,
            status: "Published" as const,
            startsAt,
            endsAt: new Date(startsAt.getTime() + day + 8 * 3_600_000),
          };
        }),
      )
      .returning({ id: schema.jobs.id, startsAt: schema.jobs.startsAt });
    const shifts = await db
      .insert(schema.shifts)
      .values(
        jobs.flatMap((j) =>
          [0, 1].map((d) => ({
            jobId: j.id,
            startsAt: new Date(j.startsAt!.getTime() + d * day),
            endsAt: new Date(j.startsAt!.getTime() + d * day + 8 * 3_600_000),
          })),
        ),
      )
      .returning({ id: schema.shifts.id });
    const slots = await db
      .insert(schema.shiftSlots)
      .values(
        shifts.flatMap((s) =>
          ctx.skills.map((skillId, i) => ({ shiftId: s.id, skillId, positions: 2 + i })),
        ),
      )
      .returning({ id: schema.shiftSlots.id, shiftId: schema.shiftSlots.shiftId });
    // One booked worker per slot, so the fill figures read real applications.
    await db.insert(schema.applications).values(
      slots.map((s, i) => ({
        shiftSlotId: s.id,
        shiftId: s.shiftId,
        assigneeId: ctx.workers[(done + i) % ctx.workers.length],
        status: (i % 3 ? "Booked" : "Applied") as "Booked" | "Applied",
      })),
    );
    done += n;
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main() {
  const handle = await scratch();
  await prepareDatabase(handle, { seed: "never" });
  setDatabaseForTests(handle);
  const { GET } = await import("@/app/api/v2/jobs/route");
  const db = handle.db;

  await db.insert(schema.currencies).values({ code: "DKK", name: "Danish krone", symbol: "kr." });
  const [country] = await db
    .insert(schema.countries)
    .values({ name: "Denmark", isoCode: "DK", currencyCode: "DKK", timeZone: "Europe/Copenhagen" })
    .returning();
  const companies = (
    await db
      .insert(schema.companies)
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          name: `Bench client ${i}`,
          countryId: country.id,
        })),
      )
      .returning()
  ).map((c) => c.id);
  const [parent] = await db.insert(schema.skills).values({ name: "Stage", order: 1 }).returning();
  const skills = (
    await db
      .insert(schema.skills)
      .values([
        { name: "Stagehand", parentId: parent.id },
        { name: "Rigger", parentId: parent.id },
      ])
      .returning()
  ).map((s) => s.id);
  const [pm] = await db
    .insert(schema.users)
    .values({
      email: "bench@crewdeck.test",
      name: "Bench PM",
      passwordHash: await hashPassword("Bench!2026"),
      approved: true,
    })
    .returning();
  await db
    .insert(schema.userRoles)
    .values({ userId: pm.id, roleId: await roleId(db, ROLE.projectManager) });
  const now = new Date();
  const token = (await issueApiToken(db, pm.id, now)).access_token;
  const workerRows = await db
    .insert(schema.users)
    .values(
      Array.from({ length: 500 }, (_, i) => ({
        email: `worker${i}@bench.test`,
        name: `Worker ${i}`,
        passwordHash: pm.passwordHash,
        approved: true,
      })),
    )
    .returning({ id: schema.users.id });
  const seedCtx = {
    countryId: country.id,
    companies,
    skills,
    workers: workerRows.map((w) => w.id),
    start: now.getTime(),
  };

  const call = async (query: string) => {
    const t0 = performance.now();
    const res = await GET(
      new NextRequest(`http://localhost/api/v2/jobs${query}`, {
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    if (res.status !== 200)
      throw new Error(`GET /api/v2/jobs${query} answered ${res.status}: ${await res.text()}`);
    await res.json();
    return performance.now() - t0;
  };
  const measure = async () => {
    const firstPage: number[] = [];
    const byCompany: number[] = [];
    for (let i = 0; i < 5; i++) await call("");
    for (let i = 0; i < RUNS; i++) {
      firstPage.push(await call(""));
      byCompany.push(await call(`?filter%5Bcompany_id%5D=${companies[i % companies.length]}`));
    }
    return { firstPage: median(firstPage), byCompany: median(byCompany) };
  };
  const analyze = async () => {
    await db.execute(sql`vacuum analyze`);
  };

  await seedJobs(db, 20, seedCtx);
  await analyze();
  const small = await measure();
  console.log(
    `[bench] seeding ${BIG.toLocaleString("en")} jobs (${(BIG * 2).toLocaleString("en")} shifts, ${(BIG * 4).toLocaleString("en")} slots) on ${handle.kind}…`,
  );
  const t0 = performance.now();
  await seedJobs(db, BIG - 20, seedCtx);
  await analyze();
  console.log(`[bench] seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const big = await measure();

  const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
  console.log("");
  console.log(
    `GET /api/v2/jobs            median at 20: ${fmt(small.firstPage)}   at ${BIG}: ${fmt(big.firstPage)}   ratio ${(big.firstPage / small.firstPage).toFixed(2)}`,
  );
  console.log(
    `GET /api/v2/jobs?company    median at 20: ${fmt(small.byCompany)}   at ${BIG}: ${fmt(big.byCompany)}   ratio ${(big.byCompany / small.byCompany).toFixed(2)}`,
  );

  // EXPLAIN each statement the list verb sends (captured through a logging Drizzle instance).
  const statements: { sql: string; params: unknown[] }[] = [];
  const logger = {
    logQuery: (q: string, params: unknown[]) => void statements.push({ sql: q, params }),
  };
  const client = (db as unknown as { $client: unknown }).$client;
  const logging = (handle.kind === "pglite"
    ? drizzlePglite({ client: client as PGlite, schema, casing: "snake_case", logger })
    : drizzlePg({
        client: client as never,
        schema,
        casing: "snake_case",
        logger,
      })) as unknown as Db;
  const actor = await loadActor(db, pm.id);
  await listJobs(makeCtx(logging, actor, { now }), {});
  await listJobs(makeCtx(logging, actor, { now }), { filter: { company_id: companies[3] } });
  console.log("");
  let seqScans = 0;
  for (const st of statements) {
    const raw = (
      client as {
        query: (q: string, p?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
      }
    ).query;
    const plan = (
      await raw.call(
        client,
        `explain ${st.sql}`,
        st.params.map((p) => (p instanceof Date ? p.toISOString() : p)),
      )
    ).rows
      .map((r) => String(Object.values(r)[0]))
      .join("\n");
    const indexes = [
      ...plan.matchAll(/(?:Index|Index Only|Bitmap Index) Scan (?:Backward )?(?:using|on) (\w+)/g),
    ].map((m) => m[1]);
    const seq = [...plan.matchAll(/Seq Scan on (\w+)/g)]
      .map((m) => m[1])
      .filter((t) => ["jobs", "shifts", "shift_slots", "applications"].includes(t));
    seqScans += seq.length;
    console.log(`${seq.length ? "✗" : "✓"} ${st.sql.slice(0, 90).replace(/\s+/g, " ")}…`);
    console.log(
      `    indexes: ${[...new Set(indexes)].join(", ") || "none"}${seq.length ? `   SEQ SCAN on ${seq.join(", ")}` : ""}`,
    );
  }
  console.log(
    seqScans
      ? `\n${seqScans} sequential scan(s) of a large table.`
      : "\nEvery list query uses an index.",
  );
  await handle.close();
  process.exit(seqScans ? 1 : 0);
}

main().catch((err) => {
  console.error("[bench] failed:", err);
  process.exit(1);
});
