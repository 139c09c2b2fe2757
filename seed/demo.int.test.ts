import { describe, expect, it } from "vitest";
import { verifyPassword } from "@/lib/auth/password";
import { ROLE } from "@/lib/domain/permissions";
import { APPLICATION_STATUSES } from "@/db/schema";
import { getFile } from "@/lib/files/storage";
import { taxIdError } from "@/lib/services/companies/taxid";
import { DEMO_PASSWORD } from "./demo";
import { SEED_MOMENTS, seededDemo } from "./demo.test-support";

const FILLED = "('Booked','Request accepted','Report!','Reported','Approved')";

/** The demo seed's invariants the app relies on: accounts, places, hours, dates, documents. */
describe.each(SEED_MOMENTS)("seedDemo at %s", (_label, now) => {
  const demo = seededDemo(now);
  const rows = <T>(query: string, params: unknown[] = []) => demo.rows<T>(query, params);

  it("gives most workers documents, in every state, with files that download", async () => {
    const byState = await rows<{ status: string; n: number }>(
      "select status, count(*)::int as n from documents group by status",
    );
    const n = (s: string) => byState.find((r) => r.status === s)?.n ?? 0;
    expect(n("approved")).toBeGreaterThan(20);
    expect(n("pending")).toBeGreaterThanOrEqual(2);
    expect(n("declined")).toBe(1);
    const applicantsWithout = await rows(
      `select u.id from users u where not u.approved and exists (select 1 from user_roles ur
        join roles r on r.id = ur.role_id where ur.user_id = u.id and r.title = $1)
        and not exists (select 1 from documents d where d.user_id = u.id and d.status = 'pending')`,
      [ROLE.worker],
    );
    expect(applicantsWithout).toEqual([]);
    const [key] = await rows<{ storage_key: string }>("select storage_key from documents limit 1");
    expect((await getFile(key.storage_key))?.size).toBeGreaterThan(0);
  });

  it("is quick and reports what it made", () => {
    // The seed is quick because it writes in batches: ~1,115 statements for the whole demo, a
    // year of statistics history and a month of calendar jobs included (a row-by-row insert of
    // its places and hours would send several thousand). The count does not depend on how busy
    // the machine is, so it is what this test holds.
    expect(demo.seedStatements).toBeLessThanOrEqual(1_250);
    // The clock only as a backstop: about 4 s here, so 30 s leaves room for a CI machine busy
    // with other suites (the old 5 s bound failed under load) yet still catches a seed gone
    // pathologically slow.
    expect(demo.seedMs).toBeLessThan(30_000);
    expect(demo.summary.jobs).toBeGreaterThanOrEqual(25);
    expect(demo.summary.workers).toBeGreaterThanOrEqual(55);
    expect(demo.summary.companies).toBe(5);
  });

  it("has quotes in every state, in DKK and GBP, one overnight, one converted, one expired", async () => {
    const quotes = await rows<{
      status: string;
      currency: string;
      expired: boolean;
      job_id: number | null;
      revision: number;
      archived: boolean;
    }>(
      `select q.status, q.currency_code as currency, q.job_id, q.revision, q.archived_at is not null as archived,
        (q.status in ('Draft','Sent') and q.valid_until < ($1::timestamptz at time zone c.time_zone)::date) as expired
        from quotes q join branches b on b.id = q.branch_id join countries c on c.id = b.country_id
        where q.deleted_at is null`,
      [now],
    );
    expect(new Set(quotes.map((q) => q.status))).toEqual(
      new Set(["Draft", "Sent", "Accepted", "Declined"]),
    );
    expect(new Set(quotes.map((q) => q.currency))).toEqual(new Set(["DKK", "GBP"]));
    expect(quotes.filter((q) => q.job_id !== null)).toHaveLength(1);
    expect(quotes.some((q) => q.revision === 2)).toBe(true);
    expect(quotes.some((q) => q.archived)).toBe(true);
    expect(quotes.filter((q) => q.expired)).toHaveLength(1);
    const overnight = await rows("select 1 from quote_lines where end_time <= start_time");
    expect(overnight.length).toBeGreaterThan(0);
  });

  it("creates the five demo accounts with their roles and the demo password", async () => {
    const expected: [string, string, string][] = [
      ["admin@crewdeck.test", "Astrid Admin", ROLE.admin],
      ["pm@crewdeck.test", "Peter Mikkelsen", ROLE.projectManager],
      ["handler@crewdeck.test", "Hanna Lund", ROLE.crewHandler],
      ["col@crewdeck.test", "Camilla Olsen", ROLE.client],
      ["worker@crewdeck.test", "William Berg", ROLE.worker],
    ];
    for (const [email, name, role] of expected) {
      const [user] = await rows<{
        name: string;
        password_hash: string;
        approved: boolean;
        status: string;
        roles: string[];
      }>(
        `select u.name, u.password_hash, u.approved, u.status, array_agg(r.title) as roles
           from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
          where u.email = $1 group by u.id`,
        [email],
      );
      expect(user, email).toBeDefined();
      expect(user.name).toBe(name);
      expect(user.roles).toEqual([role]);
      expect(user.approved).toBe(true);
      expect(user.status).toBe("active");
      expect(await verifyPassword(user.password_hash, DEMO_PASSWORD)).toBe(true);
    }
    expect(await rows(`select 1 from users where email <> lower(email)`)).toHaveLength(0);
  });

  it("links col@ to Nordlys Events", async () => {
    const [nordlys] = await rows<{ id: number; iso_code: string }>(
      `select c.id, k.iso_code from companies c join countries k on k.id = c.country_id where c.name = 'Nordlys Events'`,
    );
    expect(nordlys.iso_code).toBe("DK");
    const [col] = await rows<{ company_id: number; linked: number }>(
      `select u.company_id, (select count(*)::int from company_users cu where cu.user_id = u.id and cu.company_id = u.company_id) as linked
         from users u where u.email = 'col@crewdeck.test'`,
    );
    expect(col.company_id).toBe(nordlys.id);
    expect(col.linked).toBe(1);
  });

  it("gives every client a valid tax id, key account managers, preferred skills and a file", async () => {
    const companies = await rows<{
      name: string;
      tax_id: string;
      iso_code: string;
      country: string;
      managers: number;
      skills: number;
      file_key: string | null;
    }>(
      `select c.name, c.tax_id, k.iso_code, k.name as country,
         (select count(*)::int from key_account_managers m where m.company_id = c.id) as managers,
         (select count(*)::int from company_preferred_skills p where p.company_id = c.id) as skills,
         (select f.storage_key from company_files f where f.company_id = c.id order by f.id limit 1) as file_key
       from companies c join countries k on k.id = c.country_id`,
    );
    expect(companies).toHaveLength(5);
    for (const c of companies) {
      expect(taxIdError(c.tax_id, c.iso_code, c.country), c.name).toBeNull();
      expect(c.managers, c.name).toBeGreaterThan(0);
      expect(c.skills, c.name).toBeGreaterThan(0);
      expect((await getFile(c.file_key!))?.size, c.name).toBeGreaterThan(0);
    }
  });

  it("uses every application status", () => {
    for (const status of APPLICATION_STATUSES)
      expect(demo.summary.applications[status], status).toBeGreaterThan(0);
  });

  it("keeps applications on their slot's shift and within the slot's positions", async () => {
    expect(
      await rows(
        `select a.id from applications a join shift_slots s on s.id = a.shift_slot_id where a.shift_id <> s.shift_id`,
      ),
    ).toHaveLength(0);
    const over = await rows(
      `select s.id from shift_slots s join applications a on a.shift_slot_id = s.id and a.status in ${FILLED}
        group by s.id, s.positions having count(*) > s.positions`,
    );
    expect(over).toHaveLength(0);
  });

  it("never books a worker on two overlapping shifts", async () => {
    const clashes = await rows(
      `select a.assignee_id from applications a
         join shifts sa on sa.id = a.shift_id
         join applications b on b.assignee_id = a.assignee_id and b.id > a.id and b.status in ${FILLED}
         join shifts sb on sb.id = b.shift_id
        where a.status in ${FILLED} and sa.starts_at < sb.ends_at and sb.starts_at < sa.ends_at`,
    );
    expect(clashes).toHaveLength(0);
  });

  it("has an older month run and paid, with pay slips, and a later month ready for a run", async () => {
    const paid = await rows<{ n: number; slips: number; first_month: string }>(
      `select count(*)::int n, count(distinct pay_slip_id)::int slips, min(to_char(work_date, 'YYYY-MM')) as first_month
         from salary_lines where status = 'paid'`,
    );
    expect(paid[0].n).toBeGreaterThan(0);
    expect(paid[0].slips).toBeGreaterThan(0);
    const slips = await rows<{ bad: number }>(
      `select count(*)::int bad from pay_slips s
        where s.paid_at is null or jsonb_array_length(s.totals) = 0
           or s.minutes_worked <> (select sum(standard_minutes + weekend_minutes + night_minutes)
                                     from salary_lines l where l.pay_slip_id = s.id)`,
    );
    expect(slips[0].bad).toBe(0);
    // The month after the paid one has approved hours and no lines yet.
    const ready = await rows<{ n: number }>(
      `select count(*)::int n from reported_hours h
         join shift_slots ss on ss.id = h.shift_slot_id join shifts s on s.id = ss.shift_id
         join jobs j on j.id = s.job_id join countries c on c.id = j.country_id
        where h.approved_at is not null
          and to_char(s.starts_at at time zone c.time_zone, 'YYYY-MM') > $1
          and not exists (select 1 from salary_lines l where l.reported_hours_id = h.id)`,
      [paid[0].first_month],
    );
    expect(ready[0].n).toBeGreaterThan(0);
  });

  it("has reported hours exactly for Reported and Approved applications", async () => {
    const wrong = await rows(
      `select a.id from applications a left join reported_hours h on h.application_id = a.id
        where (a.status in ('Reported','Approved')) <> (h.id is not null)
           or (a.status = 'Approved') <> (h.approved_by_id is not null)
           or (h.id is not null and h.shift_slot_id <> a.shift_slot_id)`,
    );
    expect(wrong).toHaveLength(0);
  });

  it("leaves no place open on an Invoiced or Paid job (their hours are final)", async () => {
    // Invoicing needs every booked place approved or removed, and the hours of such a job are
    // locked: a place still to report there could never be reported.
    const open = await rows(
      `select a.id from applications a join shifts s on s.id = a.shift_id join jobs j on j.id = s.job_id
        where j.status in ('Invoiced','Paid')
          and a.status in ('Booked','Request accepted','Report!','Reported')`,
    );
    expect(open).toHaveLength(0);
  });

  it("gives the worker a full dashboard", async () => {
    const mine = await rows<{
      status: string;
      starts_at: Date;
      ends_at: Date;
      hours: number | null;
    }>(
      `select a.status, s.starts_at, s.ends_at, h.id as hours from applications a
         join users u on u.id = a.assignee_id join shifts s on s.id = a.shift_id
         left join reported_hours h on h.application_id = a.id
        where u.email = 'worker@crewdeck.test'`,
    );
    const t = now.getTime();
    const week = t + 7 * 86_400_000;
    expect(
      mine.some(
        (a) => a.status === "Booked" && a.starts_at.getTime() > t && a.starts_at.getTime() < week,
      ),
    ).toBe(true);
    expect(
      mine.some(
        (a) => a.status === "Booked" && a.starts_at.getTime() <= t && a.ends_at.getTime() > t,
      ),
    ).toBe(true);
    expect(
      mine.some((a) => a.status === "Report!" && a.ends_at.getTime() < t && a.hours === null),
    ).toBe(true);
    expect(mine.some((a) => a.status === "Approved" && a.ends_at.getTime() < t)).toBe(true);
    expect(mine.some((a) => a.status === "Applied" && a.starts_at.getTime() > t)).toBe(true);

    // Open shifts for William: published, ahead, at a branch of his, a skill of his, a free position.
    const open = await rows(
      `select sl.id from shift_slots sl
         join shifts s on s.id = sl.shift_id join jobs j on j.id = s.job_id
         join users u on u.email = 'worker@crewdeck.test'
        where j.status = 'Published' and s.starts_at > $1
          and exists (select 1 from job_branches jb join user_branches ub on ub.branch_id = jb.branch_id where jb.job_id = j.id and ub.user_id = u.id)
          and exists (select 1 from user_skills us where us.user_id = u.id and us.skill_id = sl.skill_id)
          and not exists (select 1 from applications a where a.shift_id = s.id and a.assignee_id = u.id)
          and (select count(*) from applications a where a.shift_slot_id = sl.id and a.status in ${FILLED}) < sl.positions`,
      [now],
    );
    expect(open.length).toBeGreaterThan(0);
  });

  it("has a running published job and dates every job by its shifts", async () => {
    const running = await rows(
      `select s.id from shifts s join jobs j on j.id = s.job_id where j.status = 'Published' and s.starts_at <= $1 and s.ends_at > $1`,
      [now],
    );
    expect(running.length).toBeGreaterThan(0);
    const off = await rows(
      `select j.id from jobs j join shifts s on s.job_id = j.id group by j.id
       having j.starts_at is distinct from min(s.starts_at) or j.ends_at is distinct from max(s.ends_at)`,
    );
    expect(off).toHaveLength(0);
    expect(
      await rows(
        `select j.id from jobs j where not exists (select 1 from shifts s where s.job_id = j.id)`,
      ),
    ).toHaveLength(0);
  });

  it("gives the dashboard something to act on: a worker not checked in, a late check-in, a shift not full", async () => {
    const running = `join shifts s on s.id = a.shift_id join jobs j on j.id = s.job_id
        where j.status = 'Published' and s.starts_at <= $1 and s.ends_at > $1`;
    const notIn = await rows(
      `select a.id from applications a ${running}
          and a.status = 'Booked' and a.check_in_at is null and s.starts_at <= $1::timestamptz - interval '15 minutes'`,
      [now],
    );
    expect(notIn.length).toBeGreaterThan(0);
    const late = await rows(
      `select a.id from applications a ${running} and a.check_in_at > s.starts_at + interval '1 minute'`,
      [now],
    );
    expect(late.length).toBeGreaterThan(0);
    const notFull = await rows(
      `select sl.id from shift_slots sl join shifts s on s.id = sl.shift_id join jobs j on j.id = s.job_id
        where j.status = 'Published' and s.starts_at > $1 and s.starts_at <= $1::timestamptz + interval '24 hours'
          and (select count(*) from applications a where a.shift_slot_id = sl.id and a.status in ${FILLED}) < sl.positions`,
      [now],
    );
    expect(notFull.length).toBeGreaterThan(0);
  });

  it("dates its history before now and in a sensible order", async () => {
    const tables = [
      "users",
      "companies",
      "venues",
      "jobs",
      "applications",
      "reported_hours",
      "notes",
      "job_templates",
      "invitations",
      "chats",
      "chat_messages",
      "activity_log",
      "mail_outbox",
      "quotes",
      "additional_costs",
    ];
    for (const table of tables) {
      expect(await rows(`select 1 from ${table} where created_at > $1`, [now]), table).toHaveLength(
        0,
      );
    }
    const odd = await rows(
      `select a.id from applications a join shifts s on s.id = a.shift_id join jobs j on j.id = s.job_id
        where a.created_at < j.created_at or a.booked_at < a.created_at or a.booked_at > s.starts_at
           or a.check_in_at > $1 or a.booked_at > $1 or a.updated_at > $1 or j.created_at > j.starts_at`,
      [now],
    );
    expect(odd).toHaveLength(0);
    const hours = await rows(
      `select h.id from reported_hours h join applications a on a.id = h.application_id join shifts s on s.id = a.shift_id
        where h.ends_at <= h.starts_at or h.created_at < s.ends_at or h.approved_at < h.created_at
           or abs(extract(epoch from h.starts_at - s.starts_at)) > 3600
           or (abs(extract(epoch from h.ends_at - s.ends_at)) > 3600 and h.approved_at is not null)`,
    );
    expect(hours).toHaveLength(0);
    // One awaiting report is far from the plan on purpose: the approvals screen's red figure.
    const unusual = await rows(
      `select h.id from reported_hours h join applications a on a.id = h.application_id join shifts s on s.id = a.shift_id
        where h.approved_at is null and abs(extract(epoch from h.ends_at - s.ends_at)) > 7200`,
    );
    expect(unusual).toHaveLength(1);
  });

  it("keeps past shifts out of pending statuses and upcoming shifts out of hour statuses", async () => {
    const wrong = await rows(
      `select a.id from applications a join shifts s on s.id = a.shift_id
        where (s.ends_at <= $1 and a.status in ('Booked','Request accepted','Applied','Reserve','Requested'))
           or (s.starts_at > $1 and a.status in ('Report!','Reported','Approved'))`,
      [now],
    );
    expect(wrong).toHaveLength(0);
  });
  it("has applicants waiting, some invited by a worker, and people approved this week", async () => {
    const waiting = await rows<{ invited: boolean; countries: number }>(
      `select count(*) filter (where invited_by_id is not null) > 0 as invited,
              count(distinct country_id)::int as countries
         from users where approved = false and deleted_at is null`,
    );
    expect(waiting[0]).toEqual({ invited: true, countries: 5 });
    const promoted = await rows<{ n: number }>(
      `select count(*)::int as n from users u join users a on a.id = u.approved_by_id
        where u.approved and u.approved_at between $1::timestamptz - interval '7 days' and $1`,
      [now],
    );
    expect(promoted[0].n).toBeGreaterThanOrEqual(2);
  });
});
