/**
 * fault:kill's burst (issue 27, Faults): the REST calls it fires from what the seeded database
 * holds (job edits, bookings, hours approvals, a salary run start), fired from several callers
 * at once with the server SIGKILLed mid-way, and their answers tallied.
 */
import type { ChildProcess } from "node:child_process";
import type { Client } from "pg";

/** Callers firing at once. */
export const CALLERS = 8;

export type Kind = "job edit" | "booking" | "approval" | "salary run";
export interface Call {
  kind: Kind;
  method: string;
  path: string;
  token: string;
  body?: unknown;
  /** What an acknowledged (2xx) answer promises is in the database. */
  persisted?: { sql: string; params: unknown[] };
}
export interface Outcome {
  call: Call;
  /** "cut": the connection broke (the kill); "not sent": fired after the kill. */
  status: number | "cut" | "not sent";
  message?: string;
}

/** The burst's calls, from what the seeded database holds. */
export async function planBurst(pg: Client, pm: string, admin: string): Promise<Call[]> {
  const calls: Call[] = [];
  // Upcoming live jobs: each edited twice (its fields; a new shift and one more position).
  const jobs = await pg.query<{ id: number; name: string; company_id: number; country_id: number }>(
    `select id, name, company_id, country_id from jobs
      where deleted_at is null and starts_at > now() and status = 'Published'
      order by starts_at, id limit 6`,
  );
  for (const job of jobs.rows) {
    const shifts = await pg.query<{
      id: number;
      start: string;
      end: string;
      next_start: string;
      slots: { id: number; skill_id: number; positions: number }[];
    }>(
      `select s.id,
              to_char(s.starts_at at time zone c.time_zone, 'DD/MM/YYYY HH24:MI') as start,
              to_char(s.ends_at at time zone c.time_zone, 'DD/MM/YYYY HH24:MI') as end,
              to_char((s.starts_at + interval '1 day') at time zone c.time_zone, 'DD/MM/YYYY HH24:MI') as next_start,
              (select json_agg(json_build_object('id', ss.id, 'skill_id', ss.skill_id, 'positions', ss.positions) order by ss.id)
                 from shift_slots ss where ss.shift_id = s.id and ss.deleted_at is null) as slots
         from shifts s join jobs j on j.id = s.job_id join countries c on c.id = j.country_id
        where s.job_id = $1 and s.deleted_at is null order by s.starts_at desc`,
      [job.id],
    );
    const kept = shifts.rows.map((s) => ({
      id: s.id,
      start: s.start,
      end: s.end,
      shift_slots: s.slots.map((x) => ({ id: x.id, skill_id: x.skill_id, positions: x.positions })),
    }));
    const fields = { name: job.name, company_id: job.company_id, country_id: job.country_id };
    calls.push({
      kind: "job edit",
      method: "PUT",
      path: `/api/v2/jobs/${job.id}`,
      token: pm,
      body: {
        ...fields,
        details: `Edited in the fault burst at ${new Date().toISOString()}`,
        shifts: kept,
      },
    });
    const last = shifts.rows[0];
    calls.push({
      kind: "job edit",
      method: "PUT",
      path: `/api/v2/jobs/${job.id}`,
      token: pm,
      body: {
        ...fields,
        shifts: [
          ...kept.map((s, i) =>
            i === 0
              ? {
                  ...s,
                  isEdited: 1,
                  shift_slots: s.shift_slots.map((x) => ({ ...x, positions: x.positions + 1 })),
                }
              : s,
          ),
          {
            id: "new_1",
            start: last.next_start,
            duration: 4,
            shift_slots: last.slots.map((x) => ({ skill_id: x.skill_id, positions: 2 })),
          },
        ],
      },
    });
  }
  // Bookings: approved active workers with the slot's skill onto upcoming slots, and many
  // onto one small slot at once.
  const slots = await pg.query<{ id: number; positions: number; workers: number[] }>(
    `select ss.id, ss.positions,
            array(select u.id from users u join user_skills us on us.user_id = u.id
                   where us.skill_id = ss.skill_id and u.approved and u.status = 'active'
                     and u.deleted_at is null
                     and exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
                                  where ur.user_id = u.id and r.title = 'Freelancer')
                     and not exists (select 1 from applications a
                                      where a.shift_id = ss.shift_id and a.assignee_id = u.id)
                   order by u.id limit 20) as workers
       from shift_slots ss
       join shifts s on s.id = ss.shift_id join jobs j on j.id = s.job_id
      where ss.deleted_at is null and s.deleted_at is null and j.deleted_at is null
        and j.status = 'Published' and s.starts_at > now()
        and (select count(*) from applications a where a.shift_slot_id = ss.id
              and a.status in ('Booked', 'Request accepted', 'Report!', 'Reported', 'Approved'))
            < ss.positions
      order by s.starts_at, ss.id limit 12`,
  );
  const booking = (slotId: number, workerId: number): Call => ({
    kind: "booking",
    method: "POST",
    path: "/api/v2/applications",
    token: pm,
    body: { assignee_id: workerId, shift_slots: [slotId], status: "Booked", book_anyway: 1 },
    persisted: {
      sql: `select 1 from applications where shift_slot_id = $1 and assignee_id = $2`,
      params: [slotId, workerId],
    },
  });
  const crowded = [...slots.rows].sort((a, b) => b.workers.length - a.workers.length)[0];
  for (const slot of slots.rows)
    for (const w of slot === crowded ? slot.workers : slot.workers.slice(0, 4))
      calls.push(booking(slot.id, w));
  // Hours approvals: reports waiting, and finished shifts owing one.
  const waiting = await pg.query<{ id: number }>(
    `select a.id from applications a join shifts s on s.id = a.shift_id
      where a.status in ('Reported', 'Report!') and s.ends_at < now() and s.deleted_at is null
      order by a.id limit 30`,
  );
  for (const a of waiting.rows)
    calls.push({
      kind: "approval",
      method: "POST",
      path: `/api/v2/applications/${a.id}/approve`,
      token: pm,
      body: {},
      persisted: {
        sql: `select 1 from applications where id = $1 and status = 'Approved'`,
        params: [a.id],
      },
    });
  // The salary run of the latest month with approved hours not yet on a salary line.
  const ready = await pg.query<{ month: string; country_id: number }>(
    `select to_char(s.starts_at at time zone c.time_zone, 'YYYY-MM') as month, c.id as country_id
       from reported_hours h join shift_slots ss on ss.id = h.shift_slot_id
       join shifts s on s.id = ss.shift_id join jobs j on j.id = s.job_id
       join countries c on c.id = j.country_id
      where h.approved_at is not null
        and not exists (select 1 from salary_lines l where l.reported_hours_id = h.id)
        and s.starts_at < date_trunc('month', now())
      order by 1 desc, 2 limit 1`,
  );
  const run = ready.rows[0];
  if (run) {
    const [y, m] = run.month.split("-").map(Number);
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    calls.push({
      kind: "salary run",
      method: "POST",
      path: "/api/v2/salary/all",
      token: admin,
      body: { from: `${run.month}-01`, to: `${run.month}-${last}`, country_id: run.country_id },
      persisted: {
        sql: `select 1 from salary_runs where period_from = $1 and country_id = $2`,
        params: [`${run.month}-01`, run.country_id],
      },
    });
  }
  // Interleaved, deterministically: every kind is under way when the kill comes.
  return interleave(calls);
}

function interleave(calls: Call[]): Call[] {
  const byKind = new Map<Kind, Call[]>();
  for (const c of calls) byKind.set(c.kind, [...(byKind.get(c.kind) ?? []), c]);
  const queues = [...byKind.values()];
  const out: Call[] = [];
  while (queues.some((q) => q.length)) for (const q of queues) if (q.length) out.push(q.shift()!);
  return out;
}

async function fire(base: string, call: Call): Promise<Outcome> {
  try {
    const res = await fetch(`${base}${call.path}`, {
      method: call.method,
      headers: { authorization: `Bearer ${call.token}`, "content-type": "application/json" },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    });
    const text = await res.text();
    let message: string | undefined;
    if (res.status >= 300)
      try {
        message = (JSON.parse(text) as { message?: string }).message;
      } catch {
        message = text.slice(0, 80);
      }
    return { call, status: res.status, message };
  } catch {
    return { call, status: "cut" };
  }
}

/**
 * Fires the calls from CALLERS at once and SIGKILLs the server once `killAfter` have answered,
 * or, given `whenRunning`, as soon as the salary run is running (the kill cuts its attempt).
 */
export async function burst(
  base: string,
  calls: Call[],
  server: ChildProcess,
  killAfter: number,
  whenRunning: Client | null,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  let killed = false;
  const kill = (why: string) => {
    if (killed) return;
    killed = true;
    server.kill("SIGKILL");
    console.log(`[fault:kill] SIGKILL sent to the server (pid ${server.pid}) ${why}`);
  };
  const caller = async () => {
    while (next < calls.length) {
      const call = calls[next++];
      if (killed) {
        outcomes.push({ call, status: "not sent" });
        continue;
      }
      const outcome = await fire(base, call);
      outcomes.push(outcome);
      if (!whenRunning && outcomes.length >= killAfter) kill(`after ${outcomes.length} answers`);
    }
  };
  const watcher = async (pg: Client) => {
    while (!killed) {
      const { rowCount } = await pg.query(`select 1 from salary_runs where status = 'running'`);
      if (rowCount) kill(`while the salary run was running, after ${outcomes.length} answers`);
      else await new Promise((r) => setTimeout(r, 25));
    }
  };
  await Promise.all([
    ...Array.from({ length: CALLERS }, caller),
    ...(whenRunning ? [watcher(whenRunning)] : []),
  ]);
  return outcomes;
}

export function summarise(outcomes: Outcome[]): string[] {
  const rows = new Map<Kind, Map<string, number>>();
  for (const o of outcomes) {
    const m = rows.get(o.call.kind) ?? new Map<string, number>();
    m.set(String(o.status), (m.get(String(o.status)) ?? 0) + 1);
    rows.set(o.call.kind, m);
  }
  const lines = [...rows].map(
    ([kind, m]) =>
      `  ${kind.padEnd(11)} ${[...m]
        .sort()
        .map(([s, n]) => `${s}×${n}`)
        .join("  ")}`,
  );
  const refusals = new Map<string, number>();
  for (const o of outcomes)
    if (o.message) {
      const key = `${o.call.kind} ${o.status}: ${o.message}`;
      refusals.set(key, (refusals.get(key) ?? 0) + 1);
    }
  for (const [key, n] of refusals) lines.push(`    ${n}× ${key}`);
  return lines;
}
