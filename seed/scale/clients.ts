import {
  CONTACTS_PER_CLIENT,
  RATES_PER_CLIENT,
  VENUES_PER_CLIENT,
  type Add,
  type BulkEnv,
} from "./bulk";
import { textArray, lit } from "./random-sql";

const ADJECTIVES = [
  "Nordic",
  "Blue",
  "North",
  "Harbour",
  "Urban",
  "Silver",
  "Green",
  "Bright",
  "Coastal",
  "Royal",
  "Grand",
  "Crown",
  "Polar",
  "Amber",
  "Iron",
  "Summit",
  "Meridian",
  "Lantern",
  "Riverside",
  "Oak",
];
const NOUNS = [
  "Events",
  "Productions",
  "Arena",
  "Catering",
  "Logistics",
  "Festivals",
  "Live",
  "Stage Works",
  "Conventions",
  "Hospitality",
  "Exhibitions",
  "Concerts",
];
const VENUE_WORDS = [
  "Hall",
  "Arena",
  "Expo Centre",
  "Warehouse",
  "Pavilion",
  "Conference Centre",
  "Stadium",
  "Club",
];

/** Clients: companies, their contacts, key account managers, venues and rate cards. */
export function clientStatements(e: BulkEnv, add: Add): void {
  const { ctx, b, opts, R, NOW, C, NB, NS, SKILLS, FACTORS, pm, contactBase } = e;
  const companyBranch = (c: string) => `(${R.pick(30, c, NB)} + 1)`;
  // ---- Clients ---------------------------------------------------------------------------
  add(
    "clients",
    `insert into companies (id, name, tax_id, country_id, default_branch_id, address, city, zip, phone, email,
       type_of_work, created_at, updated_at)
     overriding system value
     select ${b.companies} + c, x.name, co.iso || lpad((10000000 + c)::text, 8, '0'), co.id, br.id,
       br.street || ' ' || (1 + ${R.pick(33, "c", 90)}), br.city, br.zip,
       co.prefix || ' ' || (30000000 + ${R.pick(34, "c", 60_000_000)})::text,
       'office.' || c || '@client.example.test', 'Events and productions',
       ${NOW} - make_interval(days => 1100 + ${R.pick(35, "c", 400)}),
       ${NOW} - make_interval(days => ${R.pick(36, "c", 300)})
     from generate_series(1, ${C}) c
     cross join lateral (select
       (${textArray(ADJECTIVES)})[${R.pick(31, "c", ADJECTIVES.length)} + 1] || ' ' ||
       (${textArray(NOUNS)})[${R.pick(32, "c", NOUNS.length)} + 1] as name) x
     join scale_branch br on br.idx = ${companyBranch("c")}
     join scale_country co on co.idx = br.country_k`,
  );
  add(
    "client contacts",
    `insert into users (id, email, name, first_name, last_name, phone, password_hash, approved, approved_at,
       company_id, country_id, email_verified_at, created_at, updated_at)
     overriding system value
     select ${contactBase} + (c - 1) * ${CONTACTS_PER_CLIENT} + k,
       f.fslug || '.' || l.lslug || '.' || c || '.' || k || '@client.example.test',
       f.first || ' ' || l.last, f.first, l.last,
       co.prefix || ' ' || (40000000 + ${R.pick(37, `c * 4 + k`, 50_000_000)})::text,
       ${lit(opts.passwordHash)}, true, cm.created_at, cm.id, co.id, cm.created_at, cm.created_at, cm.created_at
     from generate_series(1, ${C}) c cross join generate_series(1, ${CONTACTS_PER_CLIENT}) k
     join companies cm on cm.id = ${b.companies} + c
     join scale_country co on co.id = cm.country_id
     join scale_name f on f.country_k = co.idx
       and f.i = ${R.pick(38, `c * 4 + k`, `(select max(n) from scale_name where country_k = co.idx)`)}
     join scale_name l on l.country_k = co.idx
       and l.i = ${R.pick(39, `c * 4 + k`, `(select max(n) from scale_name where country_k = co.idx)`)}`,
  );
  add(
    "contact roles",
    `insert into user_roles (user_id, role_id)
     select ${contactBase} + i, ${ctx.clientRole} from generate_series(1, ${C * CONTACTS_PER_CLIENT}) i`,
  );
  add(
    "contact companies",
    `insert into company_users (company_id, user_id, created_at)
     select company_id, id, created_at from users
      where id > ${contactBase} and id <= ${contactBase + C * CONTACTS_PER_CLIENT}`,
  );
  add(
    "key account managers",
    `insert into key_account_managers (company_id, user_id)
     select ${b.companies} + c, ${pm} from generate_series(1, ${C}) c`,
  );
  add(
    "venues",
    `insert into venues (id, name, entrance, country_id, city, address, zip, company_id, status, type,
       created_by_id, created_at, updated_at)
     overriding system value
     select ${b.venues} + (c - 1) * ${VENUES_PER_CLIENT} + k,
       cm.city || ' ' || (${textArray(VENUE_WORDS)})[${R.pick(41, `c * 4 + k`, VENUE_WORDS.length)} + 1],
       'Gate ' || (1 + ${R.pick(42, `c * 4 + k`, 6)}), cm.country_id, cm.city,
       ${lit("Havnevej")} || ' ' || (1 + ${R.pick(43, `c * 4 + k`, 200)}), cm.zip, cm.id, 'private', 1,
       ${pm}, cm.created_at, cm.created_at
     from generate_series(1, ${C}) c cross join generate_series(1, ${VENUES_PER_CLIENT}) k
     join companies cm on cm.id = ${b.companies} + c`,
  );
  add(
    "client rate cards",
    `insert into client_rates (id, company_id, branch_id, skill_id, currency_code, standard_price,
       weekend_price, rate_worker, created_at, updated_at)
     overriding system value
     select ${b.clientRates} + (c - 1) * ${RATES_PER_CLIENT} + k + 1, cm.id, cm.default_branch_id,
       (${SKILLS})[((${R.pick(44, "c", NS)} + k) % ${NS}) + 1], co.currency,
       round(co.base_rate * (${FACTORS})[((${R.pick(44, "c", NS)} + k) % ${NS}) + 1] / 1000.0 * (1.9 + ${R.pick(45, "c", 5)} / 10.0))::int,
       round(co.base_rate * (${FACTORS})[((${R.pick(44, "c", NS)} + k) % ${NS}) + 1] / 1000.0 * (1.9 + ${R.pick(45, "c", 5)} / 10.0) * 1.25)::int,
       round(co.base_rate * (${FACTORS})[((${R.pick(44, "c", NS)} + k) % ${NS}) + 1] / 1000.0)::int,
       cm.created_at, cm.created_at
     from generate_series(1, ${C}) c cross join generate_series(0, ${Math.min(RATES_PER_CLIENT, NS) - 1}) k
     join companies cm on cm.id = ${b.companies} + c
     join scale_country co on co.id = cm.country_id`,
  );
}
