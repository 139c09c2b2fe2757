import type { ScaleContext } from "./context";
import { SqlRandom, intArray, lit, textArray } from "./random-sql";

/** Sizes of the bulk at a factor (1 = full scale). */
export interface ScaleSizes {
  workers: number;
  clients: number;
  jobs: number;
}

export const FULL: ScaleSizes = { workers: 25_000, clients: 500, jobs: 50_000 };
export const SHIFTS_PER_JOB = 4;
export const APPS_PER_SHIFT = 5;
export const CONTACTS_PER_CLIENT = 2;
export const VENUES_PER_CLIENT = 2;
export const RATES_PER_CLIENT = 4;
const MESSAGES_PER_CHAT = 6;
/** Jobs fall on days from about 33 months ago to 3 months ahead. */
const DAYS = 3 * 365;
const AHEAD_DAYS = 92;

export function sizesAt(factor: number): ScaleSizes {
  return {
    workers: Math.max(10, Math.round(FULL.workers * factor)),
    clients: Math.max(2, Math.round(FULL.clients * factor)),
    jobs: Math.max(8, Math.round(FULL.jobs * factor)),
  };
}

/** The first id of each bulk table's rows (the demo's highest id), read before the bulk. */
export interface Bases {
  users: number;
  companies: number;
  venues: number;
  jobs: number;
  shifts: number;
  slots: number;
  applications: number;
  hours: number;
  documents: number;
  clientRates: number;
  salaryRuns: number;
  salaryLines: number;
  quotes: number;
  quoteLines: number;
  chats: number;
  messages: number;
  activity: number;
}

export const BASE_TABLES: Record<keyof Bases, string> = {
  users: "users",
  companies: "companies",
  venues: "venues",
  jobs: "jobs",
  shifts: "shifts",
  slots: "shift_slots",
  applications: "applications",
  hours: "reported_hours",
  documents: "documents",
  clientRates: "client_rates",
  salaryRuns: "salary_runs",
  salaryLines: "salary_lines",
  quotes: "quotes",
  quoteLines: "quote_lines",
  chats: "chats",
  messages: "chat_messages",
  activity: "activity_log",
};

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
const EVENTS = [
  "Summer Gala",
  "Product Launch",
  "Trade Fair",
  "Concert load-in",
  "Festival build",
  "Conference",
  "Corporate Dinner",
  "Awards Night",
  "Exhibition",
  "Sports Final",
  "Christmas Party",
  "Fashion Show",
  "Car Launch",
  "Charity Ball",
  "Club Night",
  "Opening Night",
];
const MESSAGES = [
  "Hi! Are you free for a shift next week?",
  "Yes, I can do it. What time do we start?",
  "Call time is 07:00 at the loading dock.",
  "Great, see you there.",
  "Please bring safety shoes and gloves.",
  "No problem, thanks for the heads-up!",
  "Can you also do the load-out on Sunday?",
  "Sure, put me down for it.",
];

/**
 * The bulk's statements, in order: each an `INSERT … SELECT … FROM generate_series` (or an
 * UPDATE) computed on the server from hashes of the seed and row numbers. Ids are set
 * explicitly (`overriding system value`) from the demo's highest id plus arithmetic of the row
 * numbers, so related rows find each other without a round trip and every run gives the same
 * ids; the identity sequences are moved past them at the end.
 */
export function bulkStatements(
  ctx: ScaleContext,
  sizes: ScaleSizes,
  b: Bases,
  opts: { seed: number; now: Date; passwordHash: string },
): [string, string][] {
  const R = new SqlRandom(opts.seed);
  const NOW = `${lit(opts.now.toISOString())}::timestamptz`;
  const TODAY = `(${NOW} at time zone 'UTC')::date`;
  const W = sizes.workers;
  const C = sizes.clients;
  const J = sizes.jobs;
  const NB = ctx.branches;
  const NS = ctx.skills.length;
  const SKILLS = intArray(ctx.skills);
  const FACTORS = intArray(ctx.skillFactors);
  const LEVELS = intArray(ctx.levels);
  const { pm, handler } = ctx.staff;
  const contactBase = b.users + W;
  // Expressions of a row number, recomputed wherever a later statement needs them.
  const workerBranch = (n: string) => `(${R.pick(1, n, NB)} + 1)`;
  const companyBranch = (c: string) => `(${R.pick(30, c, NB)} + 1)`;
  const jobCompany = (j: string) => `(${R.pick(50, j, C)} + 1)`;
  // One job in twelve falls in the fortnight around today (hours to report, shifts running).
  const jobDay = (j: string) =>
    `(${TODAY} + (case when ${R.r(59, j)} < 0.08 then ${R.pick(51, j, 21)} - 13
                       else ${R.pick(51, j, DAYS)} - ${DAYS - AHEAD_DAYS} end))`;
  const jobHour = (j: string) => `(6 + ${R.pick(53, j, 4)})`;
  const jobSkill = (j: string) => R.pick(55, j, NS);
  const slotCount = (shift: string) =>
    `(case when ${NS} > 1 and ${R.r(61, shift)} < 0.3 then 2 else 1 end)`;

  const out: [string, string][] = [];
  const add = (label: string, text: string) => out.push([label, text]);

  // ---- Workers -------------------------------------------------------------------------
  add(
    "workers",
    `insert into users (id, email, name, first_name, last_name, phone, password_hash, status, approved,
       approved_at, country_id, address, city, zip, birth_date, nationality, email_verified_at,
       last_login_at, created_at, updated_at)
     overriding system value
     select ${b.users} + x.n,
       f.fslug || '.' || l.lslug || '.' || x.n || '@crew.example.test',
       f.first || ' ' || l.last, f.first, l.last,
       c.prefix || ' ' || (20000000 + ${R.pick(3, "x.n", 79_999_999)})::text,
       ${lit(opts.passwordHash)},
       (case when ${R.r(4, "x.n")} < 0.03 then 'deactivated' else 'active' end)::user_status,
       true, x.created + interval '2 days', c.id,
       br.street || ' ' || (1 + ${R.pick(7, "x.n", 140)}), br.city, br.zip,
       to_char(date '1975-01-01' + ${R.pick(8, "x.n", 9000)}, 'YYYY-MM-DD'), c.iso,
       x.created + interval '1 hour',
       ${NOW} - make_interval(mins => ${R.pick(9, "x.n", 60 * 24 * 120)}),
       x.created, x.created
     from (select n, ${workerBranch("n")} as bk,
                  ${NOW} - make_interval(days => 30 + ${R.pick(2, "n", 1400)}) as created
             from generate_series(1, ${W}) n) x
     join scale_branch br on br.idx = x.bk
     join scale_country c on c.idx = br.country_k
     join scale_name f on f.country_k = br.country_k
       and f.i = ${R.pick(5, "x.n", `(select max(n) from scale_name where country_k = br.country_k)`)}
     join scale_name l on l.country_k = br.country_k
       and l.i = ${R.pick(6, "x.n", `(select max(n) from scale_name where country_k = br.country_k)`)}`,
  );
  add(
    "worker roles",
    `insert into user_roles (user_id, role_id)
     select ${b.users} + n, ${ctx.workerRole} from generate_series(1, ${W}) n`,
  );
  add(
    "worker branches",
    `insert into user_branches (user_id, branch_id)
     select ${b.users} + n, br.id from generate_series(1, ${W}) n
       join scale_branch br on br.idx = ${workerBranch("n")}`,
  );
  add(
    "worker skills",
    `insert into user_skills (user_id, skill_id, level_id, experience, created_at)
     select ${b.users} + n,
       (${SKILLS})[((${R.pick(10, "n", NS)} + k * (1 + ${R.pick(11, "n", Math.max(1, NS - 1))})) % ${NS}) + 1],
       (${LEVELS})[${R.pick(12, `n * 4 + k`, ctx.levels.length)} + 1],
       ${R.pick(13, `n * 4 + k`, 12)}, ${NOW} - make_interval(days => ${R.pick(14, "n", 900)})
     from generate_series(1, ${W}) n cross join generate_series(0, 2) k
     where k = 0 or (${NS} > 2 and ${R.r(15, `n * 4 + k`)} < 0.45)`,
  );
  add(
    "payment details",
    `insert into payment_settings (user_id, has_danish_bank, has_tax_id, iban, konto, reg, swift, tax_id, updated_at)
     select ${b.users} + n, c.iso = 'DK', true,
       c.iso || lpad((${R.pick(16, "n", 99)})::text, 2, '0') || lpad((${R.pick(17, "n", 2_000_000_000)})::text, 14, '0'),
       case when c.iso = 'DK' then lpad((${R.pick(18, "n", 999_999_999)})::text, 10, '0') end,
       case when c.iso = 'DK' then lpad((${R.pick(19, "n", 9999)})::text, 4, '0') end,
       c.iso || 'BANK' || c.iso || 'XX',
       lpad((${R.pick(20, "n", 999_999_999)})::text, 10, '0'),
       ${NOW} - make_interval(days => ${R.pick(21, "n", 700)})
     from generate_series(1, ${W}) n
     join scale_branch br on br.idx = ${workerBranch("n")}
     join scale_country c on c.idx = br.country_k
     where ${R.r(22, "n")} < 0.9`,
  );
  if (ctx.documentFile && ctx.documentTypes.length) {
    const file = ctx.documentFile;
    const m = `n * 16 + t`;
    // Each worker holds most document types; about 4 % of the dated ones run out within a month.
    add(
      "documents",
      `insert into documents (id, user_id, document_type_id, file_name, storage_key, mime_type, size_bytes,
         status, expires_on, decline_reason, reviewed_by_id, reviewed_at, created_at, updated_at)
       overriding system value
       select ${b.documents} + (n - 1) * ${ctx.documentTypes.length} + t, ${b.users} + n,
         (${intArray(ctx.documentTypes)})[t], ${lit(file.name)}, ${lit(file.key)}, ${lit(file.mime)}, ${file.size},
         x.status::document_status,
         case when dt.has_expiry then ${TODAY} + (${R.pick(24, m, 760)} - 40) end,
         case when x.status = 'declined' then 'The photo is blurred; please upload a sharper scan.' end,
         case when x.status <> 'pending' then ${handler} end,
         case when x.status <> 'pending' then x.created + interval '1 day' end,
         x.created, x.created
       from generate_series(1, ${W}) n cross join generate_series(1, ${ctx.documentTypes.length}) t
       join document_types dt on dt.id = (${intArray(ctx.documentTypes)})[t]
       cross join lateral (select
         case when ${R.r(25, m)} < 0.86 then 'approved' when ${R.r(25, m)} < 0.96 then 'pending' else 'declined' end as status,
         ${NOW} - make_interval(days => 2 + ${R.pick(26, m, 700)}) as created) x
       where ${R.r(23, m)} < 0.7`,
    );
  }

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

  // ---- Jobs, shifts, slots -----------------------------------------------------------------
  add(
    "jobs",
    `insert into jobs (id, name, status, company_id, country_id, venue_id, city, address, zip, entrance,
       invoice_reference, contact_on_location_id, project_manager_id, booker_id, created_by_id,
       created_at, updated_at)
     overriding system value
     select ${b.jobs} + j,
       (${textArray(EVENTS)})[${R.pick(52, "j", EVENTS.length)} + 1] || ' – ' || cm.name,
       'Published', cm.id, cm.country_id, v.id, v.city, v.address, v.zip, v.entrance,
       'PO-' || (100000 + j), ${contactBase} + (x.ci - 1) * ${CONTACTS_PER_CLIENT} + 1, ${pm}, ${handler}, ${pm},
       least(${NOW} - interval '1 hour', x.day - make_interval(days => 7 + ${R.pick(56, "j", 60)})),
       least(${NOW} - interval '1 hour', x.day - make_interval(days => 7 + ${R.pick(56, "j", 60)}))
     from (select j, ${jobCompany("j")} as ci, ${jobDay("j")}::timestamptz as day
             from generate_series(1, ${J}) j) x
     join companies cm on cm.id = ${b.companies} + x.ci
     join venues v on v.id = ${b.venues} + (x.ci - 1) * ${VENUES_PER_CLIENT} + 1 + ${R.pick(57, "j", VENUES_PER_CLIENT)}`,
  );
  add(
    "job branches",
    `insert into job_branches (job_id, branch_id)
     select j.id, cm.default_branch_id from jobs j join companies cm on cm.id = j.company_id
      where j.id > ${b.jobs}`,
  );
  // Two days of a morning and an evening shift each, in the job's time zone.
  add(
    "shifts",
    `insert into shifts (id, job_id, starts_at, ends_at, project_manager_id, notes_for_workers, created_at, updated_at)
     overriding system value
     select ${b.shifts} + (jn - 1) * ${SHIFTS_PER_JOB} + k + 1, j.id,
       ((${jobDay("jn")} + k / 2)::timestamp + make_interval(hours => ${jobHour("jn")} + (k % 2) * 8)) at time zone co.time_zone,
       ((${jobDay("jn")} + k / 2)::timestamp + make_interval(hours => ${jobHour("jn")} + 8 + (k % 2) * 7)) at time zone co.time_zone,
       ${pm}, case when k = 0 then 'Meet at the staff entrance 15 minutes before the start.' end,
       j.created_at, j.created_at
     from (select j.id, j.id - ${b.jobs} as jn, j.country_id, j.created_at from jobs j where j.id > ${b.jobs}) j
     cross join generate_series(0, ${SHIFTS_PER_JOB - 1}) k
     join countries co on co.id = j.country_id`,
  );
  add(
    "job spans and statuses",
    `update jobs j set starts_at = s.first, ends_at = s.last,
       status = (case
         when ${R.r(54, `j.id - ${b.jobs}`)} < 0.03 then 'Cancelled'
         when s.last > ${NOW} then 'Published'
         when s.last < ${NOW} - interval '60 days' then case when ${R.r(58, `j.id - ${b.jobs}`)} < 0.93 then 'Paid' else 'Invoiced' end
         when s.last < ${NOW} - interval '14 days' then case when ${R.r(58, `j.id - ${b.jobs}`)} < 0.5 then 'Approved' else 'Invoiced' end
         when s.last < ${NOW} - interval '4 days' then 'Reported'
         else 'Report!' end)::job_status,
       reason = case when ${R.r(54, `j.id - ${b.jobs}`)} < 0.03 then 'The client called the event off.' end
     from (select job_id, min(starts_at) as first, max(ends_at) as last from shifts
            where id > ${b.shifts} group by job_id) s
     where j.id = s.job_id`,
  );
  // One slot per shift, two on three shifts in ten; the job's skill first.
  add(
    "shift slots",
    `insert into shift_slots (id, shift_id, skill_id, positions, created_at, updated_at)
     overriding system value
     select ${b.slots} + (s.id - ${b.shifts} - 1) * 2 + k + 1, s.id,
       (${SKILLS})[((${jobSkill(`s.job_id - ${b.jobs}`)} + k * 3) % ${NS}) + 1],
       3 + ${R.pick(60, `s.id * 2 + k`, 3)}, s.created_at, s.created_at
     from shifts s cross join generate_series(0, 1) k
     where s.id > ${b.shifts} and k < ${slotCount("s.id")}`,
  );
  // Five applications a shift, each by another worker; at most three hold a place (slots have
  // three or more positions). Statuses fit the dates: past shifts approved (or reported),
  // the running ones booked, upcoming ones booked, applied, requested or on the reserve list.
  add(
    "applications",
    `insert into applications (id, shift_slot_id, shift_id, assignee_id, created_by_id, booked_by_id, status,
       booked_at, check_in_at, check_out_at, created_at, updated_at)
     overriding system value
     select ${b.applications} + (x.shift_id - ${b.shifts} - 1) * ${APPS_PER_SHIFT} + x.a + 1,
       x.slot_id, x.shift_id, ${b.users} + 1 + ((${R.pick(70, "x.shift_id", W)} + x.a * ${Math.floor(W / APPS_PER_SHIFT)}) % ${W}),
       case when x.status in ('Requested', 'Request accepted', 'Request denied') then ${handler}
            else ${b.users} + 1 + ((${R.pick(70, "x.shift_id", W)} + x.a * ${Math.floor(W / APPS_PER_SHIFT)}) % ${W}) end,
       case when x.filled then ${handler} end,
       x.status::application_status,
       case when x.filled then least(${NOW}, x.created + make_interval(hours => 1 + ${R.pick(72, "x.id", 48)})) end,
       case when x.filled and x.starts_at <= ${NOW} then x.starts_at - make_interval(mins => ${R.pick(73, "x.id", 20)}) end,
       case when x.status in ('Reported', 'Approved') then x.ends_at end,
       x.created,
       case when x.ends_at < ${NOW} then least(${NOW}, x.ends_at + interval '1 day')
            else least(${NOW}, x.created + interval '2 days') end
     from (
       select y.*, y.status in ('Booked', 'Request accepted', 'Report!', 'Reported', 'Approved') as filled
       from (
         select s.id as shift_id, s.starts_at, s.ends_at, g.a,
           ${b.slots} + (s.id - ${b.shifts} - 1) * 2 + g.a % ${slotCount("s.id")} + 1 as slot_id, s.id * 8 + g.a as id,
           least(${NOW} - make_interval(mins => 5 + ${R.pick(74, `s.id * 8 + g.a`, 600)}),
                 s.starts_at - make_interval(days => 2 + ${R.pick(75, `s.id * 8 + g.a`, 28)})) as created,
           case
             when j.status = 'Cancelled' then case when g.a < 3 then 'Request denied' else 'Denied' end
             when s.ends_at <= ${NOW} then case
               when g.a < 3 then case j.status
                 when 'Report!' then case when ${R.r(76, `s.id * 8 + g.a`)} < 0.6 then 'Report!' else 'Reported' end
                 when 'Reported' then case when ${R.r(76, `s.id * 8 + g.a`)} < 0.8 then 'Reported' else 'Approved' end
                 else 'Approved' end
               when g.a = 3 then case when ${R.r(77, `s.id * 8 + g.a`)} < 0.5 then 'Denied' else 'Request denied' end
               else 'Reserve' end
             when s.starts_at <= ${NOW} then case when g.a < 3 then 'Booked' when g.a = 3 then 'Denied' else 'Reserve' end
             else case
               when g.a < 2 then case when ${R.r(78, `s.id * 8 + g.a`)} < 0.8 then 'Booked' else 'Request accepted' end
               when g.a = 2 then case when ${R.r(78, `s.id * 8 + g.a`)} < 0.5 then 'Booked' else 'Applied' end
               when g.a = 3 then case when ${R.r(78, `s.id * 8 + g.a`)} < 0.5 then 'Applied' else 'Requested' end
               else case when ${R.r(78, `s.id * 8 + g.a`)} < 0.4 then 'Reserve'
                         when ${R.r(78, `s.id * 8 + g.a`)} < 0.7 then 'Requested' else 'Denied' end
             end
           end as status
         from shifts s
         join jobs j on j.id = s.job_id
         cross join generate_series(0, ${APPS_PER_SHIFT - 1}) g(a)
         where s.id > ${b.shifts}
       ) y
     ) x`,
  );
  add(
    "reported hours",
    `insert into reported_hours (id, application_id, shift_slot_id, starts_at, ends_at, i_was_late, comment,
       created_by_id, updated_by_id, approved_by_id, approved_at, created_at, updated_at)
     overriding system value
     select ${b.hours} + (a.id - ${b.applications}), a.id, a.shift_slot_id,
       s.starts_at + make_interval(mins => (${R.pick(80, "a.id", 3)} - 1) * 5),
       s.ends_at + make_interval(mins => (${R.pick(81, "a.id", 5)} - 2) * 15),
       ${R.r(82, "a.id")} < 0.03,
       case when ${R.r(83, "a.id")} < 0.05 then 'Stayed a bit longer to help with the load-out.' end,
       a.assignee_id, a.assignee_id,
       case when a.status = 'Approved' then ${pm} end,
       case when a.status = 'Approved' then least(${NOW}, s.ends_at + make_interval(hours => 6 + ${R.pick(84, "a.id", 66)})) end,
       least(${NOW}, s.ends_at + make_interval(mins => 30 + ${R.pick(85, "a.id", 300)})),
       least(${NOW}, s.ends_at + make_interval(hours => 6 + ${R.pick(84, "a.id", 66)}))
     from applications a join shifts s on s.id = a.shift_id
     where a.id > ${b.applications} and a.status in ('Reported', 'Approved')`,
  );

  // ---- Salary: a run per country and month; lines for approved hours of closed months -------
  add(
    "salary runs",
    `insert into salary_runs (id, period_from, period_to, country_id, status, created_by_id, created_at,
       started_at, finished_at)
     overriding system value
     select ${b.salaryRuns} + row_number() over (order by m, co.idx), m::date,
       (m + interval '1 month' - interval '1 day')::date, co.id, 'done', ${ctx.staff.admin},
       least(${NOW}, m + interval '1 month' + interval '2 days'),
       least(${NOW}, m + interval '1 month' + interval '2 days'),
       least(${NOW}, m + interval '1 month' + interval '2 days' + interval '4 minutes')
     from generate_series(date_trunc('month', ${TODAY} - ${DAYS}), date_trunc('month', ${TODAY}) - interval '1 month', interval '1 month') m
     cross join scale_country co`,
  );
  add(
    "salary lines",
    `insert into salary_lines (id, run_id, reported_hours_id, user_id, job_id, shift_id, skill_id, branch_id,
       country_id, work_date, starts_at, ends_at, currency_code, standard_minutes, weekend_minutes,
       standard_rate, weekend_rate, rate_source, amount, status, paid_at, paid_by_id, created_at)
     overriding system value
     select ${b.salaryLines} + (h.id - ${b.hours}), r.id, h.id, a.assignee_id, j.id, a.shift_id, sl.skill_id,
       cm.default_branch_id, j.country_id, x.work_date, h.starts_at, h.ends_at, co.currency,
       case when x.weekend then 0 else x.minutes end, case when x.weekend then x.minutes else 0 end,
       x.rate, round(x.rate * 1.5)::int, 'card',
       round(x.minutes * x.rate * (case when x.weekend then 1.5 else 1 end) / 60.0)::int,
       (case when j.status in ('Paid', 'Invoiced') then 'paid' else 'draft' end)::salary_line_status,
       case when j.status in ('Paid', 'Invoiced') then least(${NOW}, r.finished_at + interval '3 days') end,
       case when j.status in ('Paid', 'Invoiced') then ${ctx.staff.admin} end,
       r.finished_at
     from reported_hours h
     join applications a on a.id = h.application_id
     join shift_slots sl on sl.id = h.shift_slot_id
     join shifts s on s.id = a.shift_id
     join jobs j on j.id = s.job_id
     join companies cm on cm.id = j.company_id
     join scale_country co on co.id = j.country_id
     cross join lateral (select (s.starts_at at time zone co.tz)::date as work_date,
       (extract(epoch from h.ends_at - h.starts_at) / 60)::int as minutes,
       extract(isodow from (s.starts_at at time zone co.tz)) >= 6 as weekend,
       round(co.base_rate * (${FACTORS})[array_position(${SKILLS}, sl.skill_id)] / 1000.0)::int as rate) x
     join salary_runs r on r.country_id = j.country_id and r.id > ${b.salaryRuns}
       and r.period_from = date_trunc('month', x.work_date)::date
     where h.id > ${b.hours} and h.approved_at is not null and j.status in ('Paid', 'Invoiced', 'Approved')`,
  );
  add(
    "salary run totals",
    `update salary_runs r set line_count = t.lines, worker_count = t.workers
     from (select run_id, count(*)::int as lines, count(distinct user_id)::int as workers from salary_lines
            where id > ${b.salaryLines} group by run_id) t
     where r.id = t.run_id`,
  );

  // ---- Quotes: one job in ten came from an accepted quote; one in ten more was only offered --
  add(
    "quotes",
    `insert into quotes (id, year, sequence, status, company_id, branch_id, venue_id, name, currency_code,
       valid_until, vat_basis_points, client_data, subtotal_amount, vat_amount, total_amount, sent_at, sent_by_id,
       decided_at, job_id, converted_at, created_by_id, created_at, updated_at)
     overriding system value
     select ${b.quotes} + q.jn, q.year,
       coalesce((select max(sequence) from quotes where year = q.year and id <= ${b.quotes}), 0)
         + row_number() over (partition by q.year order by q.jn),
       q.status::quote_status, q.company_id, cm.default_branch_id, q.venue_id, q.name, co.currency,
       (q.created + interval '30 days')::date, co.vat, '{}'::jsonb,
       q.amount, round(q.amount::numeric * coalesce(co.vat, 0) / 10000)::int,
       q.amount + round(q.amount::numeric * coalesce(co.vat, 0) / 10000)::int,
       case when q.status <> 'Draft' then q.created + interval '1 hour' end,
       case when q.status <> 'Draft' then ${pm} end,
       case when q.status in ('Accepted', 'Declined') then q.created + interval '2 days' end,
       case when q.status = 'Accepted' then q.job_id end,
       case when q.status = 'Accepted' then q.created + interval '2 days' end,
       ${pm}, q.created, q.created
     from (
       select j.id - ${b.jobs} as jn, j.company_id, j.venue_id, j.name, j.country_id,
         extract(year from least(${NOW}, j.created_at - interval '3 days') at time zone 'UTC')::int as year,
         least(${NOW} - interval '2 days', j.created_at - interval '3 days') as created,
         case when (j.id - ${b.jobs}) % 10 = 0 then 'Accepted'
              when ${R.r(90, "j.id")} < 0.5 then 'Sent' when ${R.r(90, "j.id")} < 0.8 then 'Declined' else 'Draft' end as status,
         j.id as job_id,
         3 * 8 * round(co2.base_rate * 2.2)::int as amount
       from jobs j join scale_country co2 on co2.id = j.country_id
       where j.id > ${b.jobs} and (j.id - ${b.jobs}) % 10 in (0, 5)
     ) q
     join companies cm on cm.id = q.company_id
     join scale_country co on co.id = q.country_id`,
  );
  add(
    "quote lines",
    `insert into quote_lines (id, quote_id, position, work_date, start_time, end_time, skill_id, positions,
       standard_minutes, standard_price, amount)
     overriding system value
     select ${b.quoteLines} + (q.id - ${b.quotes}), q.id, 0, (q.created_at + interval '10 days')::date,
       lpad(${jobHour(`q.id - ${b.quotes}`)}::text, 2, '0') || ':00',
       lpad((${jobHour(`q.id - ${b.quotes}`)} + 8)::text, 2, '0') || ':00',
       (${SKILLS})[${jobSkill(`q.id - ${b.quotes}`)} + 1], 3, 480, q.subtotal_amount / 24, q.subtotal_amount
     from quotes q where q.id > ${b.quotes}`,
  );
  add(
    "quote numbers",
    `insert into number_sequences (name, value)
     select 'quote:' || year, max(sequence) from quotes group by year
     on conflict (name) do update set value = greatest(number_sequences.value, excluded.value)`,
  );

  // ---- Chat: one worker in ten has talked with the crew handler ------------------------------
  const CH = Math.floor(W / 10);
  add(
    "chats",
    `insert into chats (id, type, pair_key, last_message_at, created_at)
     overriding system value
     select ${b.chats} + i, 'private',
       least(${handler}, ${b.users} + i * 10) || ':' || greatest(${handler}, ${b.users} + i * 10),
       x.started + make_interval(mins => ${MESSAGES_PER_CHAT - 1} * 37), x.started
     from generate_series(1, ${CH}) i
     cross join lateral (select ${NOW} - make_interval(mins => 60 * 24 * 3 + ${R.pick(95, "i", 60 * 24 * 700)}) as started) x`,
  );
  add(
    "chat messages",
    `insert into chat_messages (id, chat_id, sender_id, body, created_at)
     overriding system value
     select ${b.messages} + (c.id - ${b.chats} - 1) * ${MESSAGES_PER_CHAT} + m, c.id,
       case when m % 2 = 1 then ${handler} else ${b.users} + (c.id - ${b.chats}) * 10 end,
       (${textArray(MESSAGES)})[((m - 1 + ${R.pick(96, "c.id", 2)} * 4) % ${MESSAGES.length}) + 1],
       c.created_at + make_interval(mins => (m - 1) * 37)
     from chats c cross join generate_series(1, ${MESSAGES_PER_CHAT}) m where c.id > ${b.chats}`,
  );
  add(
    "chat participants",
    `insert into chat_participants (chat_id, user_id, last_read_message_id, last_read_at, joined_at)
     select c.id, p.user_id,
       ${b.messages} + (c.id - ${b.chats}) * ${MESSAGES_PER_CHAT} - p.unread,
       c.last_message_at, c.created_at
     from chats c
     cross join lateral (values (${handler}, 0),
       (${b.users} + (c.id - ${b.chats}) * 10, ${R.pick(97, "c.id", 2)})) p(user_id, unread)
     where c.id > ${b.chats}`,
  );

  // ---- Activity log: each job's creation, each booking, each approval of hours --------------
  const A = J * SHIFTS_PER_JOB * APPS_PER_SHIFT;
  add(
    "activity: jobs",
    `insert into activity_log (id, log_name, description, subject_type, subject_id, causer_id, properties, created_at)
     overriding system value
     select ${b.activity} + (j.id - ${b.jobs}), 'jobs', 'Created job ' || j.name, 'jobs', j.id, ${pm},
       jsonb_build_object('status', 'Published', 'shifts', ${SHIFTS_PER_JOB}), j.created_at
     from jobs j where j.id > ${b.jobs}`,
  );
  add(
    "activity: bookings",
    `insert into activity_log (id, log_name, description, subject_type, subject_id, causer_id, properties, created_at)
     overriding system value
     select ${b.activity} + ${J} + (a.id - ${b.applications}), 'applications',
       'Booked ' || u.name || ' on ' || j.name, 'applications', a.id, a.booked_by_id,
       jsonb_build_object('from', 'Applied', 'to', 'Booked'), a.booked_at
     from applications a
     join users u on u.id = a.assignee_id
     join shifts s on s.id = a.shift_id
     join jobs j on j.id = s.job_id
     where a.id > ${b.applications} and a.booked_at is not null`,
  );
  add(
    "activity: hours",
    `insert into activity_log (id, log_name, description, subject_type, subject_id, causer_id, properties, created_at)
     overriding system value
     select ${b.activity} + ${J + A} + (h.id - ${b.hours}), 'hours',
       'Approved the hours of ' || u.name || ' on ' || j.name, 'applications', a.id, h.approved_by_id,
       jsonb_build_object('from', 'Reported', 'to', 'Approved'), h.approved_at
     from reported_hours h
     join applications a on a.id = h.application_id
     join users u on u.id = a.assignee_id
     join shifts s on s.id = a.shift_id
     join jobs j on j.id = s.job_id
     where h.id > ${b.hours} and h.approved_at is not null`,
  );

  for (const table of Object.values(BASE_TABLES))
    add(
      `sequence ${table}`,
      `select setval(pg_get_serial_sequence('${table}', 'id'), greatest(1, (select max(id) from ${table})))`,
    );
  return out;
}
