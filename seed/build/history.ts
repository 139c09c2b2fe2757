import { env } from "@/lib/env";
import * as schema from "@/db/schema";
import { PENDING_INVITE_EMAIL, REFERRED_DK_INDEX, WORKER_NAMES, workerEmail } from "../data/people";
import type { SeededApplication } from "./bookings";
import { dayText } from "@/lib/domain/calendar";
import { addDays, toLocal } from "@/lib/domain/time";
import { clampPast, days, hours, jobByKey, type World } from "./world";

/**
 * On-call list, William's favourite jobs and his two invitations (one accepted), and days
 * marked unavailable (William's family visit, an on-call worker's exams that the book dialog
 * shows beside her name).
 */
export async function seedWorkerExtras(w: World): Promise<void> {
  const { tx, now, staff } = w;
  const onCall = w.workers.filter((x) => x.approved && x.active && x.id !== staff.worker);
  const picks = ["DK", "DK", "SE", "GB"].map(
    (c, i) => onCall.filter((x) => x.country === c)[i % 2],
  );
  await tx.insert(schema.onCall).values(
    picks.map((x, i) => ({
      userId: x.id,
      addedById: staff.handler,
      createdAt: new Date(now.getTime() - days(3 + i)),
    })),
  );

  const today = toLocal(now, "Europe/Copenhagen");
  const day = (offset: number) => dayText(addDays(today, offset));
  await tx.insert(schema.unavailableDays).values([
    { userId: staff.worker, day: day(12), note: "Family visit", createdAt: now },
    { userId: staff.worker, day: day(13), note: "Family visit", createdAt: now },
    ...[1, 2, 3].map((d) => ({
      userId: picks[0].id,
      day: day(d),
      note: "Exams",
      createdAt: now,
    })),
  ]);

  await tx.insert(schema.favoriteJobs).values(
    ["dk-street-food", "dk-anniversary"].map((k, i) => ({
      userId: staff.worker,
      jobId: jobByKey(w, k).id,
      createdAt: new Date(now.getTime() - days(2 + i)),
    })),
  );

  const [first, last] = WORKER_NAMES.DK[REFERRED_DK_INDEX];
  const friend = w.workers.find((x) => x.email === workerEmail(first, last))!;
  const pendingAt = new Date(now.getTime() - days(3) - hours(4));
  await tx.insert(schema.invitations).values([
    {
      email: friend.email,
      invitedById: staff.worker,
      acceptedUserId: friend.id,
      acceptedAt: friend.createdAt,
      createdAt: new Date(friend.createdAt.getTime() - days(2)),
    },
    { email: PENDING_INVITE_EMAIL, invitedById: staff.worker, createdAt: pendingAt },
  ]);
  await tx.insert(schema.mailOutbox).values({
    to: PENDING_INVITE_EMAIL,
    template: "invite_friend",
    subject: "William Berg invites you to work shifts through Crewdeck",
    text: [
      "Hi,",
      "",
      "William Berg works shifts through Crewdeck and thinks you would be good at it too.",
      "Crewdeck is where our agency posts jobs at events, venues and festivals: you pick the",
      "shifts that suit you, check in on site from your phone, report your hours and get paid.",
      "",
      `Create your account here: ${env.APP_URL}/sign-up?invitedBy=${staff.worker}&email=${encodeURIComponent(PENDING_INVITE_EMAIL)}`,
      "",
      "If you were not expecting this e-mail you can ignore it.",
    ].join("\n"),
    createdAt: pendingAt,
  });
}

/** A handful of activity-log rows for the history the seed created. */
export async function seedActivity(w: World, apps: SeededApplication[]): Promise<void> {
  const { staff, now } = w;
  const conference = jobByKey(w, "dk-conference");
  const cinema = jobByKey(w, "dk-cinema");
  const gala = jobByKey(w, "dk-gala");
  const williamBooked = apps.find(
    (a) => a.assigneeId === staff.worker && a.shiftId === conference.shifts[0].id,
  )!;
  const williamGala = apps.find(
    (a) => a.assigneeId === staff.worker && a.shiftId === gala.shifts[0].id,
  )!;
  const [first, last] = WORKER_NAMES.DK[REFERRED_DK_INDEX];
  const friend = w.workers.find((x) => x.email === workerEmail(first, last))!;
  await w.tx.insert(schema.activityLog).values([
    {
      logName: "jobs",
      description: `Created job ${conference.plan.name}`,
      subjectType: "jobs",
      subjectId: conference.id,
      causerId: staff.pm,
      createdAt: conference.createdAt,
    },
    {
      logName: "applications",
      description: `Booked William Berg on ${conference.plan.name}`,
      subjectType: "applications",
      subjectId: williamBooked.id,
      causerId: williamBooked.bookedById,
      properties: { status: "Booked", shift_id: williamBooked.shiftId },
      createdAt: williamBooked.bookedAt ?? williamBooked.createdAt,
    },
    {
      logName: "reported_hours",
      description: `Approved hours of William Berg on ${gala.plan.name}`,
      subjectType: "applications",
      subjectId: williamGala.id,
      causerId: staff.pm,
      createdAt: clampPast(w, gala.endsAt.getTime() + days(3)),
    },
    {
      logName: "users",
      description: `Approved applicant ${friend.name}`,
      subjectType: "users",
      subjectId: friend.id,
      causerId: staff.handler,
      createdAt: new Date(friend.createdAt.getTime() + days(1)),
    },
    {
      logName: "invitations",
      description: `Invited ${PENDING_INVITE_EMAIL}`,
      subjectType: "users",
      subjectId: staff.worker,
      causerId: staff.worker,
      properties: { email: PENDING_INVITE_EMAIL },
      createdAt: new Date(now.getTime() - days(3) - hours(4)),
    },
    {
      logName: "jobs",
      description: `Cancelled job ${cinema.plan.name}`,
      subjectType: "jobs",
      subjectId: cinema.id,
      causerId: staff.pm,
      properties: { status: "Cancelled", reason: cinema.plan.reason },
      createdAt: new Date(now.getTime() - days(2)),
    },
    {
      logName: "auth",
      description: "Signed in",
      subjectType: "users",
      subjectId: staff.admin,
      causerId: staff.admin,
      createdAt: new Date(now.getTime() - hours(2)),
    },
  ]);
}
