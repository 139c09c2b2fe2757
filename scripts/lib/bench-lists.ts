/**
 * `BENCH_ONLY=lists npm run bench`: every list and dashboard call on two scratch databases of one
 * run — demo (seedDemo) and scale (seedDemo + seedScale: factor 1 on PostgreSQL, 0.1 on PGlite;
 * BENCH_SCALE_FACTOR overrides) — through the real route handlers with the demo accounts'
 * tokens. Per call: p50 on each (the two interleaved, so the machine's load hits both alike),
 * the ratio scale/demo (≤ 1.5×) and scale/bare authenticated call (≤ 3×), and the EXPLAIN of
 * every statement it sends on the scale database (no Seq Scan of a table over 10,000 rows).
 * Deep pages (offset 100,000) are calls of their own, by offset and by cursor (cursorAfter). Prints a markdown table; returns how many
 * lines failed. BENCH_LISTS_MATCH (a regular expression over the call names) runs some of them;
 * BENCH_SHOW_PLANS=1 prints every plan. Before timing, the client-price sweep runs to completion
 * on both databases (BENCH_LISTS_NO_PRICE_SWEEP=1 skips it).
 */
import { sql } from "drizzle-orm";
import {
  migrateDatabase,
  postgresHandle,
  setDatabaseForTests,
  schema,
  type Db,
  type DbHandle,
} from "@/db";
import { prepareDatabase } from "@/seed/prepare";
import { seedScale } from "@/seed/scale";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { sweepStatisticsAnswers } from "@/lib/services/statistics/answers-round";
import { sweepCountDays } from "@/lib/services/statistics/count-days";
import { sweepJobDays } from "@/lib/services/statistics/job-days";
import { sweepSalaryDays } from "@/lib/services/statistics/salary-days";
import { sweepClientPrices } from "@/lib/services/statistics/stored-prices";
import { callRoute, type RouteHandler } from "@/lib/testing/route-request";
import { fmt, median } from "./bench-measure";
import { explainPlan, loggingDb, type Statement } from "./bench-explain";
import { scratch } from "./bench-seed";
import { markdownTable, seqScansOf, type ListLine } from "./bench-verdict";
import { DEMO_ACCOUNTS, listCalls, type ListCall, type Who } from "./bench-list-calls";

interface Side {
  label: "demo" | "scale";
  handle: DbHandle;
  users: Record<Who, number>;
  /** The soonest upcoming slot of a published job: `{shift}` and `{skill}` in a call's path. */
  slot: { shiftId: number; skillId: number };
}

/** A call's path on one side (its upcoming slot's ids put in). */
const pathOf = (call: ListCall, side: Side) =>
  call.path
    .replace("{shift}", String(side.slot.shiftId))
    .replace("{skill}", String(side.slot.skillId));

/**
 * A call's path on one side: for a keyset call (cursorAfter), the page after it by the cursor
 * the side's own page gives, untimed; past the side's end, its last page by its second last's
 * (a single page: the rows after its first; no rows: the empty page).
 */
async function sidePath(call: ListCall, side: Side, handler: RouteHandler, token: string) {
  const path = pathOf(call, side);
  if (call.cursorAfter === undefined) return path;
  setDatabaseForTests(side.handle);
  const metaOf = async (page: number, perPage = "") => {
    const res = await callRoute(handler, `${path}&page=${page}&cursor=start${perPage}`, {
      token,
    });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    return (res.body as { meta: { last_page: number; next_cursor: string | null } }).meta;
  };
  let page = call.cursorAfter;
  let meta = await metaOf(page);
  if (!meta.next_cursor) {
    page = Math.max(1, Math.min(page, meta.last_page) - 1);
    meta = await metaOf(page);
  }
  // A single page (the demo's salary month): the rows after its first, by a cursor of 1 a page.
  if (!meta.next_cursor) [page, meta] = [1, await metaOf(1, "&perPage=1")];
  // No rows to key (a reused demo's salary month: its dates are the seeding run's): the empty
  // page, as the offset line reads there.
  if (!meta.next_cursor) {
    console.log(`[bench] ${call.name}: ${side.label} has no second row, its page is empty`);
    return `${path}&page=${call.cursorAfter + 1}`;
  }
  return `${path}&page=${page + 1}&cursor=${encodeURIComponent(meta.next_cursor)}`;
}

/** The soonest upcoming slot of a live published job, as the booking dialog opens on one. */
async function upcomingSlot(handle: DbHandle, now: Date): Promise<Side["slot"]> {
  const rows = (await handle.db.execute(
    sql`select ss.shift_id, ss.skill_id from shift_slots ss
      join shifts s on s.id = ss.shift_id join jobs j on j.id = s.job_id
      where ss.deleted_at is null and s.deleted_at is null and j.deleted_at is null
        and j.status = 'Published' and s.starts_at > ${now.toISOString()}
      order by s.starts_at, ss.id limit 1`,
  )) as unknown as { rows: { shift_id: number; skill_id: number }[] };
  if (!rows.rows[0]) throw new Error("no upcoming published slot to book on");
  return { shiftId: Number(rows.rows[0].shift_id), skillId: Number(rows.rows[0].skill_id) };
}

async function userId(handle: DbHandle, email: string): Promise<number> {
  const rows = (await handle.db.execute(
    sql`select id from ${schema.users} where email = ${email}`,
  )) as unknown as { rows: { id: number }[] };
  const id = rows.rows[0]?.id;
  if (!id) throw new Error(`the demo seed has no ${email}`);
  return Number(id);
}

async function prepareSide(
  label: Side["label"],
  now: Date,
  scale?: { factor: number },
): Promise<Side> {
  const name = `crewdeck_bench_lists_${label}`;
  const url = process.env.DATABASE_URL;
  // BENCH_LISTS_REUSE=1 (PostgreSQL): time the scale database a previous run seeded (its seed
  // takes minutes; its dates are that run's). The demo is seeded afresh each run (seconds), its
  // dates this run's.
  const reuse = Boolean(url && process.env.BENCH_LISTS_REUSE && scale);
  const handle = reuse
    ? postgresHandle(Object.assign(new URL(url!), { pathname: `/${name}` }).toString(), 5)
    : await scratch(name);
  const t0 = performance.now();
  // A reused database is brought to this code's schema first (a branch's new indexes and
  // roll-ups: their backfill marks are swept below like any).
  if (reuse) await migrateDatabase(handle);
  else await prepareDatabase(handle, { seed: "if-empty", now });
  if (scale && !reuse) {
    console.log(`[bench] seeding the scale data (factor ${scale.factor}) on ${handle.kind}…`);
    await seedScale(handle.db, { factor: scale.factor, seed: 27, now });
  }
  await runSweeps(handle.db, label);
  await handle.db.execute(sql`vacuum analyze`);
  console.log(
    `[bench] ${label} database ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  return {
    label,
    handle,
    users: {
      admin: await userId(handle, DEMO_ACCOUNTS.admin),
      worker: await userId(handle, DEMO_ACCOUNTS.worker),
    },
    slot: await upcomingSlot(handle, now),
  };
}

/** Each table's row count, as the planner knows it (after ANALYZE). */
async function tableRows(handle: DbHandle): Promise<Record<string, number>> {
  const res = (await handle.db.execute(
    sql`select relname, reltuples::bigint as n from pg_class
        where relkind = 'r' and relnamespace = 'public'::regnamespace`,
  )) as unknown as { rows: { relname: string; n: number | string }[] };
  return Object.fromEntries(res.rows.map((r) => [r.relname, Number(r.n)]));
}

const isRead = (st: Statement) => /^\s*(\(?\s*select|with)\b/i.test(st.sql);

export async function benchLists(): Promise<number> {
  const now = new Date();
  const runs = Number(process.env.BENCH_LIST_RUNS ?? 15);
  /** Stop timing a call after this many ms on one side (slow statistics at scale). */
  const budget = Number(process.env.BENCH_LIST_BUDGET_MS ?? 8_000);
  const demo = await prepareSide("demo", now);
  const isPg = demo.handle.kind === "postgres";
  const factor = Number(process.env.BENCH_SCALE_FACTOR ?? (isPg ? 1 : 0.1));
  const scale = await prepareSide("scale", now, { factor });
  setDatabaseForTests(scale.handle);
  const sides = [demo, scale];
  const rows = await tableRows(scale.handle);
  const big = Object.entries(rows)
    .filter(([, n]) => n > 10_000)
    .sort((a, b) => b[1] - a[1])
    .map(([t, n]) => `${t} ${n.toLocaleString("en")}`);
  console.log(`[bench] large tables at scale: ${big.join(", ")}`);

  // A fresh token per side and call: each token may make 600 calls a minute.
  const token = async (side: Side, who: Who) =>
    (await issueApiToken(side.handle.db, side.users[who], now)).access_token;
  const timed = async (side: Side, fn: () => Promise<void>) => {
    setDatabaseForTests(side.handle);
    const t0 = performance.now();
    await fn();
    return performance.now() - t0;
  };

  // The floor: GET rules without a token (401) and with one, on both sides.
  const rules = (await import("@/app/api/v2/rules/route")).GET;
  const floor = { demo: [] as number[], scale: [] as number[], anonymous: [] as number[] };
  const ruleTokens = { demo: await token(demo, "admin"), scale: await token(scale, "admin") };
  const expect = async (
    handler: RouteHandler,
    path: string,
    t: string | undefined,
    status: number,
    call: ListCall | undefined = undefined,
  ) => {
    // Timed to the answer's last byte: parsing it is the caller's work, not the app's (a scale
    // month's 62 KB of JSON cost the harness ~0.3 ms a call, a demo's a third of that).
    const res = await callRoute(handler, path, {
      token: t,
      method: call?.method,
      json: call?.json,
      parse: false,
    });
    if (res.status !== status)
      throw new Error(
        `${path} answered ${res.status}: ${new TextDecoder().decode(res.bytes).slice(0, 300)}`,
      );
  };
  for (let i = 0; i < 120; i++) {
    const measure = i >= 20;
    for (const side of sides) {
      const ms = await timed(side, () => expect(rules, "rules", ruleTokens[side.label], 200));
      if (measure) floor[side.label].push(ms);
    }
    const anon = await timed(scale, () => expect(rules, "rules", undefined, 401));
    if (measure) floor.anonymous.push(anon);
  }
  const floorP50 = { demo: median(floor.demo), scale: median(floor.scale) };
  console.log(
    `[bench] floor: 401 ${fmt(median(floor.anonymous))}, authenticated ${fmt(floorP50.demo)} (demo) ${fmt(floorP50.scale)} (scale)`,
  );

  const lines: ListLine[] = [];
  const only = process.env.BENCH_LISTS_MATCH
    ? new RegExp(process.env.BENCH_LISTS_MATCH, "i")
    : null;
  for (const call of listCalls(now).filter((c) => !only || only.test(c.name))) {
    // The app's background loop keeps the stored per-worker answers fresh (every 15 s, each
    // recomputed after 2 minutes); a long run catches up here, untimed, as it would have.
    if (!process.env.BENCH_LISTS_NO_ROLLUP)
      for (const side of sides) await sweepStatisticsAnswers(side.handle.db);
    const handler = (await call.load())[call.method ?? "GET"] as RouteHandler;
    const who = call.who ?? "admin";
    const tokens = { demo: await token(demo, who), scale: await token(scale, who) };
    const paths = {
      demo: await sidePath(call, demo, handler, tokens.demo),
      scale: await sidePath(call, scale, handler, tokens.scale),
    };
    const times = { demo: [] as number[], scale: [] as number[] };
    const spent = { demo: 0, scale: 0 };
    for (let i = 0; i < runs + 2; i++) {
      const ms = { demo: 0, scale: 0 };
      for (const side of sides) {
        ms[side.label] = await timed(side, () =>
          expect(handler, paths[side.label], tokens[side.label], 200, call),
        );
        spent[side.label] += ms[side.label];
      }
      // Two warm-up rounds, unless one call alone takes the budget (statistics at scale): then
      // the first round is timed and the line ends there.
      const slow = i === 0 && Math.max(ms.demo, ms.scale) > budget;
      if (i >= 2 || slow) for (const side of sides) times[side.label].push(ms[side.label]);
      if (slow || (times.scale.length >= 3 && Math.max(spent.demo, spent.scale) > budget)) break;
    }
    // Once more on the scale side through a logging Drizzle: the statements to EXPLAIN.
    const log = loggingDb(scale.handle);
    setDatabaseForTests({ ...scale.handle, db: log.db });
    try {
      await expect(handler, paths.scale, tokens.scale, 200, call);
    } finally {
      setDatabaseForTests(scale.handle);
    }
    const seqScans = new Set<string>();
    for (const st of log.statements.filter(isRead)) {
      const plan = await explainPlan(scale.handle, st);
      const found = seqScansOf(plan, rows);
      for (const t of found) seqScans.add(t);
      if (found.length || process.env.BENCH_SHOW_PLANS)
        console.log(
          `\n${call.name}: ${st.sql.replace(/\s+/g, " ").slice(0, 400)}\n${plan
            .split("\n")
            .map((l) => `    ${l}`)
            .join("\n")}`,
        );
    }
    const line: ListLine = {
      name: call.name,
      demo: median(times.demo),
      scale: median(times.scale),
      floor: floorP50.scale,
      seqScans: [...seqScans],
      owner: call.owner,
      unjudged: call.unjudged,
    };
    lines.push(line);
    console.log(
      `[bench] ${call.name}: demo ${fmt(line.demo)}, scale ${fmt(line.scale)} (${times.scale.length} runs, ${log.statements.length} statements)`,
    );
  }

  const { text, failed } = markdownTable(lines, {
    anonymous: median(floor.anonymous),
    bearer: floorP50.scale,
  });
  console.log(
    `\nLists on ${scale.handle.kind}, scale factor ${factor}, ${now.toISOString().slice(0, 10)}; auth floor (GET rules with a token) ${fmt(floorP50.scale)} at scale, ${fmt(floorP50.demo)} on demo\n`,
  );
  console.log(text);
  console.log(failed ? `\n${failed} line(s) FAIL.` : "\nEvery line passes.");
  for (const side of sides) await side.handle.close();
  return failed;
}

/**
 * What the app's background loops keep up to date, run to completion before timing (a fresh
 * seed has none of it): the client prices (BENCH_LISTS_NO_PRICE_SWEEP=1: not, so the money
 * statistics price every report live, as before issue 27's stored prices), the statistics,
 * salary and count roll-ups and the standard statistics round (BENCH_LISTS_NO_ROLLUP=1: not, so
 * statistics join every report). The round stores the workers download in this checkout's
 * files store, which a server started from it (the HTTP bench) serves.
 */
export async function runSweeps(db: Db, label: string): Promise<void> {
  if (!process.env.BENCH_LISTS_NO_PRICE_SWEEP) {
    const t1 = performance.now();
    const { priced } = await sweepClientPrices(db);
    console.log(
      `[bench] ${label}: the price sweep stored ${priced.toLocaleString("en")} client prices in ${((performance.now() - t1) / 1000).toFixed(1)} s`,
    );
  }
  if (!process.env.BENCH_LISTS_NO_ROLLUP) {
    const t1 = performance.now();
    const { jobs } = await sweepJobDays(db);
    console.log(
      `[bench] ${label}: the roll-up sweep totalled ${jobs.toLocaleString("en")} jobs in ${((performance.now() - t1) / 1000).toFixed(1)} s`,
    );
    const t2 = performance.now();
    const { dates } = await sweepSalaryDays(db);
    console.log(
      `[bench] ${label}: the salary roll-up sweep totalled ${dates.toLocaleString("en")} work dates in ${((performance.now() - t2) / 1000).toFixed(1)} s`,
    );
    const t3 = performance.now();
    const counted = await sweepCountDays(db);
    console.log(
      `[bench] ${label}: the count roll-up sweep counted ${counted.dates.toLocaleString("en")} dates in ${((performance.now() - t3) / 1000).toFixed(1)} s`,
    );
    const t4 = performance.now();
    const stored = await sweepStatisticsAnswers(db);
    console.log(
      `[bench] ${label}: the standard statistics round stored ${stored.answers} answers in ${((performance.now() - t4) / 1000).toFixed(1)} s`,
    );
  }
}
