import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { schema, type DbHandle } from "@/db";
import { writeSalaryExportXlsx } from "@/lib/services/salary/export-xlsx";
import { fmt } from "./bench-measure";

const MB = 1024 * 1024;

/**
 * The salary export of a period with `lines` salary lines (issue 24: a 100,000-line export must
 * not hold the workbook in memory): inserts the lines in one statement, writes the .xlsx with
 * the streaming writer to a temporary file and samples the process's RSS after every batch.
 * Fails when RSS grows more than `budgetMb` over the write. Run with `--expose-gc` (e.g.
 * NODE_OPTIONS=--expose-gc) to read the JS heap after a collection at each batch.
 */
export async function benchSalaryExport(
  handle: DbHandle,
  o: { countryId: number; skillId: number; workers: number[]; lines: number; budgetMb?: number },
): Promise<string> {
  const db = handle.db;
  const [branch] = await db
    .insert(schema.branches)
    .values({ name: "Bench export branch", countryId: o.countryId })
    .returning({ id: schema.branches.id });
  const workers = `{${o.workers.join(",")}}`;
  // Each worker a line a day through October 2026, round robin, until `lines` are there.
  await db.execute(sql`
    insert into salary_lines (user_id, skill_id, branch_id, country_id, work_date, starts_at,
                              ends_at, currency_code, standard_minutes, standard_rate,
                              rate_source, amount)
    select (${workers}::int[])[1 + (g % ${o.workers.length})], ${o.skillId}, ${branch.id},
           ${o.countryId}, date '2026-10-01' + (g % 31),
           timestamptz '2026-10-01 07:00Z' + ((g % 31) || ' days')::interval,
           timestamptz '2026-10-01 15:00Z' + ((g % 31) || ' days')::interval,
           'DKK', 480, 15000, 'card', 120000
      from generate_series(0, ${o.lines - 1}) g`);
  await db.execute(sql`analyze salary_lines`);
  const dir = await mkdtemp(path.join(tmpdir(), "crewdeck-bench-export-"));
  const file = path.join(dir, "export.xlsx");
  global.gc?.();
  const rss0 = process.memoryUsage().rss;
  const heap0 = process.memoryUsage().heapUsed;
  let peak = rss0;
  let heapPeak = heap0;
  const t0 = performance.now();
  try {
    const out = await writeSalaryExportXlsx(
      db,
      {
        periodFrom: "2026-10-01",
        periodTo: "2026-10-31",
        branchId: branch.id,
        countryId: null,
        place: "Bench export branch",
      },
      file,
      async () => {
        // With --expose-gc the heap is read after a collection: what the export really holds.
        global.gc?.();
        const m = process.memoryUsage();
        peak = Math.max(peak, m.rss);
        heapPeak = Math.max(heapPeak, m.heapUsed);
      },
    );
    const ms = performance.now() - t0;
    const size = (await stat(file)).size;
    const growth = (peak - rss0) / MB;
    const line = `POST salary/history (xlsx) ${out.lines.toLocaleString("en")} lines in ${fmt(ms)}, file ${(size / MB).toFixed(1)} MB, RSS ${(rss0 / MB).toFixed(0)} MB → peak ${(peak / MB).toFixed(0)} MB (+${growth.toFixed(0)} MB), JS heap +${((heapPeak - heap0) / MB).toFixed(0)} MB`;
    if (out.lines !== o.lines) throw new Error(`${line}: expected ${o.lines} lines`);
    if (growth > (o.budgetMb ?? 200))
      throw new Error(`${line}: RSS grew past its ${o.budgetMb ?? 200} MB budget`);
    return line;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
