import { type Add, type BulkEnv } from "./bulk";
import { intArray, lit } from "./random-sql";

/** Workers: their roles, branches, skills, payment details and documents. */
export function peopleStatements(e: BulkEnv, add: Add): void {
  const { ctx, b, opts, R, NOW, TODAY, W, NB, NS, SKILLS, LEVELS, handler, primarySkill } = e;
  const workerBranch = (n: string) => `(${R.pick(1, n, NB)} + 1)`;
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
       (${SKILLS})[((${primarySkill("n")} + k * (1 + ${R.pick(11, "n", Math.max(1, NS - 1))})) % ${NS}) + 1],
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
}
