import * as schema from "@/db/schema";
import { FILLED, type Board, type Draft } from "./board";
import { between, days, hours, minutes, type ShiftRow, type World } from "./world";

const LATE_COMMENTS = [
  "Train was delayed; told the crew boss on arrival.",
  "Bus broke down on the way in.",
  "Got the wrong gate at first, sorry.",
];
const OVERTIME_COMMENTS = [
  "Stayed on to finish loading the last truck.",
  "Crew boss asked me to stay for the changeover.",
  "Helped strike the bar after the end.",
];

/**
 * Reported hours for the Reported and Approved applications (near the planned times, now and
 * then late or with overtime), and a crew boss on most staffed shifts.
 */
export async function seedHoursAndCrewBosses(
  w: World,
  board: Board,
  shifts: ShiftRow[],
  appId: Map<string, number>,
): Promise<void> {
  const { tx, rng, now } = w;
  const reported = board.drafts
    .filter((d) => d.app.status === "Reported" || d.app.status === "Approved")
    .map((d) => {
      const late = rng.chance(0.12) ? rng.pick([10, 15, 20, 25]) : 0;
      const extra = rng.pick([-30, -15, 0, 0, 0, 0, 0, 15, 30, 45]);
      const comment = late
        ? rng.pick(LATE_COMMENTS)
        : extra > 0
          ? rng.pick(OVERTIME_COMMENTS)
          : extra < 0
            ? "Sent home early by the crew boss."
            : null;
      const end = d.shift.endsAt.getTime();
      const createdAt = between(
        rng,
        end + hours(1),
        Math.min(now.getTime() - minutes(10), end + days(2)),
      );
      const approved = d.app.status === "Approved";
      const approvedAt = approved
        ? between(
            rng,
            createdAt.getTime() + hours(2),
            Math.min(now.getTime() - minutes(5), createdAt.getTime() + days(4)),
          )
        : null;
      return {
        applicationId: appId.get(`${d.shift.id}:${d.worker.id}`)!,
        shiftSlotId: d.slot.id,
        startsAt: new Date(d.shift.startsAt.getTime() + minutes(late)),
        endsAt: new Date(end + minutes(extra)),
        iWasLate: late > 0,
        comment,
        createdById: d.worker.id,
        approvedById: approved ? w.staff.pm : null,
        approvedAt,
        createdAt,
        updatedAt: approvedAt ?? createdAt,
      };
    });
  // Two awaiting reports that need a look on /approvals: one far from the plan (the worker
  // confirmed it), one the office corrected, keeping the worker's comment beside its own.
  const awaiting = reported.filter((r) => !r.approvedAt);
  const changes: (typeof schema.activityLog.$inferInsert)[] = [];
  if (awaiting[0]) {
    awaiting[0].endsAt = new Date(awaiting[0].endsAt.getTime() + minutes(195));
    awaiting[0].comment = "Festival ran over; the crew boss kept us for the load-out.";
  }
  const corrected = awaiting[1];
  if (corrected) {
    const draft = board.drafts.find(
      (d) => appId.get(`${d.shift.id}:${d.worker.id}`) === corrected.applicationId,
    )!;
    const plannedEnd = draft.shift.endsAt;
    const before = { start: corrected.startsAt, end: new Date(plannedEnd.getTime() + hours(1)) };
    corrected.endsAt = plannedEnd;
    corrected.comment = "Stayed an hour longer to help the bar team.";
    Object.assign(corrected, {
      officeComment: "Crew boss confirms everyone left at the planned end.",
      updatedById: w.staff.pm,
    });
    changes.push({
      logName: "hours",
      description: `Changed the hours of ${draft.worker.name} on ${draft.job.plan.name}`,
      subjectType: "applications",
      subjectId: corrected.applicationId,
      causerId: w.staff.pm,
      properties: {
        reportedHoursId: null,
        before: { start: before.start.toISOString(), end: before.end.toISOString() },
        after: { start: corrected.startsAt.toISOString(), end: corrected.endsAt.toISOString() },
        byOffice: true,
      },
      createdAt: new Date(
        Math.min(corrected.createdAt.getTime() + minutes(40), now.getTime() - minutes(1)),
      ),
    });
  }
  if (reported.length) await tx.insert(schema.reportedHours).values(reported);
  if (changes.length) await tx.insert(schema.activityLog).values(changes);

  // A crew boss on most staffed shifts: the most senior booked worker of the shift.
  const weightOf = new Map(
    [...w.levels].map(([name, id]) => [
      id,
      ["Junior", "Experienced", "Senior", "Lead"].indexOf(name),
    ]),
  );
  const bosses: { shiftId: number; userId: number }[] = [];
  for (const shift of shifts) {
    const crew = board.drafts.filter(
      (d) => d.shift.id === shift.id && FILLED.has(d.app.status) && d.worker.id !== w.staff.worker,
    );
    const running = board.phase(shift) === "running";
    if (!running && (crew.length < 3 || !rng.chance(0.7))) continue;
    const level = (d: Draft) => weightOf.get(d.worker.skills.get(d.slot.skillId)!) ?? 0;
    const boss = [...crew].sort((a, b) => level(b) - level(a) || a.worker.id - b.worker.id)[0];
    if (boss) bosses.push({ shiftId: shift.id, userId: boss.worker.id });
  }
  if (bosses.length) await tx.insert(schema.shiftCrewBosses).values(bosses);
}
