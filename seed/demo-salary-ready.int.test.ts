import { describe, expect, it } from "vitest";
import { ROLE } from "@/lib/domain/permissions";
import { makeCtx } from "@/lib/services/context";
import { skillsForMissingRates } from "@/lib/services/salary";
import { SEED_MOMENTS, seededDemo } from "./demo.test-support";

/**
 * The demo's month ready for a salary run can be run: POST salary/all refuses (410
 * MissingRates) a scope whose approved hours lack a worker rate, so every country's hours of
 * that month must be priced by the seeded rates.
 */
// Each moment puts the seed's past jobs (placed relative to today) in other months.
describe.each(SEED_MOMENTS)("seedDemo's month ready for a salary run, seeded on %s", (_, now) => {
  const demo = seededDemo(now);

  it("has a worker rate for every approved hour of the ready month, in every country", async () => {
    const months = await demo.rows<{ month: string; country_id: number }>(
      `select distinct to_char(s.starts_at at time zone c.time_zone, 'YYYY-MM') as month, c.id as country_id
         from reported_hours h
         join shift_slots ss on ss.id = h.shift_slot_id join shifts s on s.id = ss.shift_id
         join jobs j on j.id = s.job_id join countries c on c.id = j.country_id
        where h.approved_at is not null
          and not exists (select 1 from salary_lines l where l.reported_hours_id = h.id)
          and to_char(s.starts_at at time zone c.time_zone, 'YYYY-MM') < $1`,
      [now.toISOString().slice(0, 7)],
    );
    expect(months.length).toBeGreaterThan(0);
    // The latest such month is the one left ready (the seed pays the one before it).
    const ready = months.reduce((a, m) => (m.month > a ? m.month : a), "");
    const ctx = makeCtx(demo.handle.db, {
      kind: "user",
      userId: 1,
      roles: [ROLE.admin],
      permissions: new Set(["salary_access"]),
      companyId: null,
      branchIds: [],
    } as never);
    for (const m of months.filter((x) => x.month === ready)) {
      const [y, mm] = m.month.split("-").map(Number);
      const last = new Date(Date.UTC(y, mm, 0)).getUTCDate();
      const { skills } = await skillsForMissingRates(ctx, {
        from: `${m.month}-01`,
        to: `${m.month}-${last}`,
        country_id: m.country_id,
      });
      expect({ month: m.month, country: m.country_id, skills }).toEqual({
        month: m.month,
        country: m.country_id,
        skills: [],
      });
    }
  });
});
