/**
 * fault:kill's settle-and-check part (issue 27, Faults): after the restart, the salary runs of the
 * burst settle (done, resumed or marked failed), and every write the server acknowledged before
 * the kill is looked for.
 */
import type { Client } from "pg";
import type { Outcome } from "./fault-kill-burst";

/** The salary runs of the burst and their status, at the kill. */
export async function runsAtKill(pg: Client): Promise<Map<number, string>> {
  const { rows } = await pg.query<{ id: number; status: string }>(
    `select id, status from salary_runs where created_at >= now() - interval '1 hour'`,
  );
  return new Map(rows.map((r) => [r.id, r.status]));
}

export async function settleSalaryRuns(
  pg: Client,
  atKill: Map<number, string>,
  SETTLE_MS: number,
): Promise<string[]> {
  const t0 = Date.now();
  for (;;) {
    const runs = await pg.query<{
      id: number;
      status: string;
      error: string | null;
      lines: number;
      job_state: string | null;
    }>(
      `select r.id, r.status, r.error, r.line_count as lines,
              (select j.state::text from pgboss.job j where j.id::text = m.payload->>'job_id') as job_state
         from salary_runs r left join progress_monitors m on m.id = r.monitor_id
        where r.created_at >= now() - interval '1 hour' order by r.id`,
    );
    const open = runs.rows.filter((r) => r.status === "queued" || r.status === "running");
    if (!open.length || Date.now() - t0 > SETTLE_MS)
      return runs.rows.map((r) =>
        r.status === "done"
          ? `salary run ${r.id}: ${atKill.get(r.id) === "done" ? "done before the kill" : `${atKill.get(r.id)} at the kill, resumed and done after the restart`} (${r.lines} lines; settled ${Math.round((Date.now() - t0) / 1000)} s after the wait began)`
          : r.status === "failed"
            ? `salary run ${r.id}: ${atKill.get(r.id)} at the kill, marked failed — ${r.error}`
            : `salary run ${r.id}: still ${r.status} after ${SETTLE_MS / 1000} s; its queue job is ${r.job_state ?? "gone"} (an attempt cut by the kill is handed out again when pg-boss expires it, 10 minutes after it started)`,
      );
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** The acknowledged (2xx) writes of the burst that are not in the database. */
export async function lostWrites(pg: Client, outcomes: Outcome[]) {
  const acked = outcomes.filter(
    (o) => typeof o.status === "number" && o.status < 300 && o.call.persisted,
  );
  const lost: string[] = [];
  for (const o of acked) {
    const { rowCount } = await pg.query(o.call.persisted!.sql, o.call.persisted!.params);
    if (!rowCount) lost.push(`${o.call.method} ${o.call.path}`);
  }
  return { acked: acked.length, lost };
}
