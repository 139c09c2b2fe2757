import { inArray } from "drizzle-orm";
import * as schema from "@/db/schema";
import type { SeededApplication } from "./board";
import { clampPast, days, hours, jobByKey, minutes, type World } from "./world";

type Row = typeof schema.activityLog.$inferInsert;

/**
 * The activity log of the demo, so /activity-log and the profile Activity tabs look alive:
 * rows matching what the seed created (jobs, bookings, approved hours, the on-call list,
 * profile edits, sign-ins), with their causers, over the last weeks. The few rows of
 * history.ts (seedActivity) stay; these sit beside them without repeating them.
 */
export async function seedActivityLog(w: World, apps: SeededApplication[]): Promise<void> {
  const { tx, now, staff } = w;
  const names = new Map<number, string>(w.workers.map((x) => [x.id, x.name]));
  const staffIds = Object.values(staff);
  for (const u of await tx
    .select({ id: schema.users.id, name: schema.users.name })
    .from(schema.users)
    .where(inArray(schema.users.id, staffIds)))
    names.set(u.id, u.name);
  const jobOfShift = new Map(w.jobs.flatMap((j) => j.shifts.map((s) => [s.id, j] as const)));
  const shiftOf = new Map(w.jobs.flatMap((j) => j.shifts.map((s) => [s.id, s] as const)));
  const since = now.getTime() - days(42);
  const recent = (t: Date) => t.getTime() >= since && t.getTime() < now.getTime();
  const rows: Row[] = [];

  // Jobs created by their planners (the conference is in history.ts already).
  for (const job of w.jobs) {
    if (job.plan.key === "dk-conference" || !recent(job.createdAt)) continue;
    rows.push({
      logName: "jobs",
      description: `Created job ${job.plan.name}`,
      subjectType: "jobs",
      subjectId: job.id,
      causerId: job.country.iso === "DK" ? staff.pm : staff.pmNordics,
      properties: { status: "Published", shifts: job.shifts.length },
      createdAt: job.createdAt,
    });
  }

  // Bookings by the office, newest first, at most 40 (William's conference booking is in history.ts).
  const conference = jobByKey(w, "dk-conference");
  const booked = apps
    .filter((a) => a.bookedById && a.bookedAt && recent(a.bookedAt))
    .filter((a) => !(a.assigneeId === staff.worker && a.shiftId === conference.shifts[0].id))
    .sort((a, b) => b.bookedAt!.getTime() - a.bookedAt!.getTime())
    .slice(0, 40);
  for (const a of booked) {
    const job = jobOfShift.get(a.shiftId);
    if (!job) continue;
    rows.push({
      logName: "applications",
      description: `Booked ${names.get(a.assigneeId) ?? "a worker"} on ${job.plan.name}`,
      subjectType: "applications",
      subjectId: a.id,
      causerId: a.bookedById,
      properties: { from: a.createdAt < a.bookedAt! ? "Applied" : null, to: "Booked" },
      createdAt: a.bookedAt!,
    });
  }

  // Approved hours, a day after the shift ended.
  for (const a of apps.filter((x) => x.status === "Approved").slice(0, 25)) {
    const job = jobOfShift.get(a.shiftId);
    const shift = shiftOf.get(a.shiftId);
    if (!job || !shift) continue;
    const at = clampPast(w, shift.endsAt.getTime() + days(1) + minutes(a.id % 50));
    if (!recent(at)) continue;
    rows.push({
      logName: "hours",
      description: `Approved the hours of ${names.get(a.assigneeId) ?? "a worker"} on ${job.plan.name}`,
      subjectType: "applications",
      subjectId: a.id,
      causerId: job.country.iso === "DK" ? staff.pm : staff.handlerUk,
      properties: { from: "Reported", to: "Approved" },
      createdAt: at,
    });
  }

  // The on-call list as the crew handler built it (history.ts wrote the rows).
  for (const o of await tx.select().from(schema.onCall)) {
    rows.push({
      logName: "on_call",
      description: `Added ${names.get(o.userId) ?? "a worker"} to the on-call list`,
      subjectType: "users",
      subjectId: o.userId,
      causerId: o.addedById,
      createdAt: o.createdAt,
    });
  }

  // Workers keeping their profiles current, and one deactivation by the office.
  const active = w.workers.filter((x) => x.approved && x.active);
  active.slice(0, 8).forEach((x, i) =>
    rows.push({
      logName: "users",
      description: "Profile updated",
      subjectType: "users",
      subjectId: x.id,
      causerId: x.id,
      properties: { fields: i % 2 ? ["phone", "address", "city"] : ["first_name", "zip"] },
      createdAt: new Date(now.getTime() - days(2 + i * 3) - hours(i)),
    }),
  );
  const inactive = w.workers.find((x) => x.approved && !x.active);
  if (inactive)
    rows.push({
      logName: "users",
      description: "deactivated",
      subjectType: "users",
      subjectId: inactive.id,
      causerId: staff.admin,
      properties: { old: "active", new: "deactivated" },
      createdAt: new Date(now.getTime() - days(9)),
    });

  // The office signing in over the last week.
  for (const [i, key] of (["pm", "handler", "col", "pmNordics", "handlerUk"] as const).entries())
    for (let d = 0; d < 5; d++)
      rows.push({
        logName: "auth",
        description: "Signed in",
        subjectType: "users",
        subjectId: staff[key],
        causerId: staff[key],
        createdAt: new Date(now.getTime() - days(d + 1) + hours(8 + i) + minutes(7 * i + d)),
      });

  if (rows.length) await tx.insert(schema.activityLog).values(rows);
}
