import { sql } from "drizzle-orm";
import type { DbHandle } from "@/db/client";
import { prepareDatabase } from "../prepare";
import { seedDemo, type DemoSummary } from "../demo";
import { ScaleSeedRefused, seedScale, type ScaleOptions, type ScaleSummary } from "./index";

export const SCALE_REFUSED =
  "The scale seed needs an empty database, and this one already holds data (jobs or master data). Point DATABASE_URL at a new, empty PostgreSQL database (or use --reset on the embedded one) and run it again.";

type Rows = { rows: Record<string, unknown>[] };

/**
 * Whether the database holds data: its tables exist and have jobs or countries (the demo's first
 * master data). Asked before migrating, so a refusal writes nothing.
 */
export async function holdsData(handle: DbHandle): Promise<boolean> {
  const exists = (await handle.db.execute(
    sql`select to_regclass('public.jobs') is not null and to_regclass('public.countries') is not null as ok`,
  )) as unknown as Rows;
  if (!exists.rows[0]?.ok) return false;
  const found = (await handle.db.execute(
    sql`select (exists (select 1 from jobs) or exists (select 1 from countries)) as found`,
  )) as unknown as Rows;
  return Boolean(found.rows[0]?.found);
}

/**
 * `npm run db:seed -- --scale`: refuses a database with data (throws ScaleSeedRefused, nothing
 * written); otherwise migrates it, adds the reference data, the demo (seedDemo) and the bulk
 * (seedScale), all dated around `now`.
 */
export async function seedScaleDatabase(
  handle: DbHandle,
  opts: ScaleOptions,
): Promise<{ demo: DemoSummary; scale: ScaleSummary }> {
  if (await holdsData(handle)) throw new ScaleSeedRefused(SCALE_REFUSED);
  await prepareDatabase(handle, { seed: "never" });
  const demo = await seedDemo(handle.db, opts.now);
  const scale = await seedScale(handle.db, opts);
  return { demo, scale };
}
