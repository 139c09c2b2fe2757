import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { ROLE } from "@/lib/domain/permissions";
import { HOME_STREETS, WORKER_NAMES, workerEmail } from "../data/people";
import { SKILL_FACTOR, WORKER_BASE_RATE } from "../data/rates";
import type { OperationalIso, SkillName } from "../data/master";
import { lit } from "./random-sql";

type Rows<T> = { rows: T[] };

export async function rows<T>(db: DbOrTx, query: string): Promise<T[]> {
  return ((await db.execute(sql.raw(query))) as unknown as Rows<T>).rows;
}

export async function one<T>(db: DbOrTx, query: string): Promise<T> {
  const [row] = await rows<T>(db, query);
  return row;
}

/** What the bulk builds on: the demo's reference data, people and ids. */
export interface ScaleContext {
  /** Operational countries that have a branch, numbered 1… as `k` in the temp tables. */
  countries: number;
  /** Branches of those countries, numbered 1… */
  branches: number;
  /** Leaf skills (the bookable ones), in display order. */
  skills: number[];
  /** Each leaf skill's pay factor (per mille), aligned with `skills`. */
  skillFactors: number[];
  levels: number[];
  /** Document types in use (not archived). */
  documentTypes: number[];
  workerRole: number;
  clientRole: number;
  staff: { admin: number; pm: number; handler: number };
  /** A stored sample file the bulk documents point at (so a download works). */
  documentFile: { key: string; mime: string; size: number; name: string } | null;
}

/**
 * Reads the demo's reference data and fills the session's temp tables the bulk joins
 * (scale_country, scale_branch, scale_name): they are dropped when the transaction commits.
 */
export async function loadContext(tx: DbOrTx): Promise<ScaleContext> {
  const countries = await rows<{
    id: number;
    iso: string;
    tz: string;
    currency: string;
    vat: number | null;
    prefix: string | null;
  }>(
    tx,
    `select c.id, c.iso_code as iso, c.time_zone as tz, c.currency_code as currency,
            c.vat_basis_points as vat, c.phone_prefix as prefix
       from countries c
      where c.operational and exists (select 1 from branches b where b.country_id = c.id and b.deleted_at is null)
      order by c.id`,
  );
  const branches = await rows<{
    id: number;
    name: string;
    country_id: number;
    city: string | null;
  }>(tx, `select id, name, country_id, city from branches where deleted_at is null order by id`);
  const countryK = new Map(countries.map((c, i) => [c.id, i + 1]));
  const usable = branches.filter((b) => countryK.has(b.country_id));
  if (!countries.length || !usable.length)
    throw new Error("Scale seed: no operational country with a branch; run the demo seed first.");

  await tx.execute(
    sql.raw(`create temp table scale_country (idx int primary key, id int, iso text, tz text,
      currency text, vat int, prefix text, base_rate int) on commit drop`),
  );
  await tx.execute(
    sql.raw(
      `insert into scale_country values ${countries
        .map(
          (c, i) =>
            `(${i + 1}, ${c.id}, ${lit(c.iso.trim())}, ${lit(c.tz)}, ${lit(c.currency.trim())}, ${
              c.vat ?? "null"
            }, ${lit(c.prefix ?? "+45")}, ${WORKER_BASE_RATE[c.iso.trim() as OperationalIso] ?? 1500})`,
        )
        .join(", ")}`,
    ),
  );
  await tx.execute(
    sql.raw(`create temp table scale_branch (idx int primary key, id int, country_k int, city text,
      street text, zip text) on commit drop`),
  );
  await tx.execute(
    sql.raw(
      `insert into scale_branch values ${usable
        .map((b, i) => {
          const [street, zip, city] = HOME_STREETS[b.name]?.[0] ?? [
            "Main Street",
            "1000",
            b.city ?? b.name,
          ];
          return `(${i + 1}, ${b.id}, ${countryK.get(b.country_id)}, ${lit(city)}, ${lit(street)}, ${lit(zip)})`;
        })
        .join(", ")}`,
    ),
  );
  // Names per country from the demo's lists (first and last names are picked apart).
  const nameRows: string[] = [];
  countries.forEach((c, ci) => {
    const list = WORKER_NAMES[c.iso.trim() as OperationalIso] ?? WORKER_NAMES.DK;
    list.forEach(([first, last], i) => {
      const [fslug, lslug] = workerEmail(first, last).split("@")[0].split(".");
      nameRows.push(
        `(${ci + 1}, ${i}, ${lit(first)}, ${lit(last)}, ${lit(fslug)}, ${lit(lslug)}, ${list.length})`,
      );
    });
  });
  await tx.execute(
    sql.raw(`create temp table scale_name (country_k int, i int, first text, last text,
      fslug text, lslug text, n int, primary key (country_k, i)) on commit drop`),
  );
  await tx.execute(sql.raw(`insert into scale_name values ${nameRows.join(", ")}`));

  const skills = await rows<{ id: number; name: string }>(
    tx,
    `select s.id, s.name from skills s where s.parent_id is not null and s.deleted_at is null
      order by s.parent_id, s.order, s.id`,
  );
  const levels = await rows<{ id: number }>(
    tx,
    `select id from levels where archived_at is null order by weight, id`,
  );
  const docTypes = await rows<{ id: number }>(
    tx,
    `select id from document_types where archived_at is null order by id`,
  );
  const roles = await rows<{ id: number; title: string }>(tx, `select id, title from roles`);
  const role = (title: string) => {
    const r = roles.find((x) => x.title === title);
    if (!r) throw new Error(`Scale seed: role ${title} is missing; run the demo seed first.`);
    return r.id;
  };
  const staff = await rows<{ id: number; email: string }>(
    tx,
    `select id, email from users where email in ('admin@crewdeck.test', 'pm@crewdeck.test', 'handler@crewdeck.test')`,
  );
  const staffId = (email: string) => {
    const u = staff.find((s) => s.email === email);
    if (!u) throw new Error(`Scale seed: ${email} is missing; run the demo seed first.`);
    return u.id;
  };
  const file = await rows<{
    storage_key: string;
    mime_type: string;
    size_bytes: number;
    file_name: string;
  }>(tx, `select storage_key, mime_type, size_bytes, file_name from documents order by id limit 1`);
  if (!skills.length || !levels.length)
    throw new Error("Scale seed: no skills or levels; run the demo seed first.");
  return {
    countries: countries.length,
    branches: usable.length,
    skills: skills.map((s) => s.id),
    skillFactors: skills.map((s) => Math.round((SKILL_FACTOR[s.name as SkillName] ?? 1) * 1000)),
    levels: levels.map((l) => l.id),
    documentTypes: docTypes.map((d) => d.id),
    workerRole: role(ROLE.worker),
    clientRole: role(ROLE.client),
    staff: {
      admin: staffId("admin@crewdeck.test"),
      pm: staffId("pm@crewdeck.test"),
      handler: staffId("handler@crewdeck.test"),
    },
    documentFile: file[0]
      ? {
          key: file[0].storage_key,
          mime: file[0].mime_type,
          size: Number(file[0].size_bytes),
          name: file[0].file_name,
        }
      : null,
  };
}
