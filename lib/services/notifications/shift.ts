import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { anyOf, precompiled, schema, type DbOrTx } from "@/db";
import { formatDate, formatRange, formatTimeRange } from "@/lib/domain/format";
import type { ApplicationStatus } from "@/lib/domain/statuses";
import { env } from "@/lib/env";
import { newFileKey } from "@/lib/files/keys";
import type { MailAttachment } from "@/lib/mail";
import {
  applicationColumns,
  withApplicationShift,
  type ApplicationRow,
} from "../applications/access";
import type { TxCtx } from "../context";
import { brandingOf, brandingSettingsSql, type AgencyBranding } from "../settings";
import { buildFeedIcs } from "../user-calendar/ics";
import { notifyUser, type Recipient } from "./notify";

/** A place on a shift with what its mails tell: times in the job's zone, where, what to wear. */
interface ShiftFacts extends ApplicationRow {
  bookedAt: Date | null;
  venueName: string | null;
  address: string | null;
  entrance: string | null;
  dressCode: string | null;
  recipient: Recipient;
  /** The agency's branding for the mail's signature, read in the same statement. */
  branding: AgencyBranding;
}

const MY_SHIFTS = "/my-dashboard/my";

/** The facts of the given applications (live jobs), for the mails below. */
export async function shiftFacts(db: DbOrTx, ids: number[]): Promise<ShiftFacts[]> {
  if (!ids.length) return [];
  const rows = await factRows(db, { ids });
  return rows.map(
    ({
      recipientEmail,
      recipientPrefs,
      recipientStatus,
      recipientDeletedAt,
      brandingSettings,
      ...r
    }) => {
      const [street, zip, city] = r.jobAddress
        ? [r.jobAddress, r.jobZip, r.jobCity]
        : [r.venueAddress, r.venueZip, r.venueCity];
      const address = [street, [zip, city].filter(Boolean).join(" ")].filter(Boolean).join(", ");
      return {
        ...r,
        address: address || null,
        dressCode: r.dressCode ?? null,
        recipient: {
          email: recipientEmail,
          name: r.assigneeName,
          prefs: recipientPrefs,
          status: recipientStatus,
          deletedAt: recipientDeletedAt,
        },
        branding: brandingOf(brandingSettings),
      };
    },
  );
}

/** Every booking mails its facts: precompiled (db/precompiled.ts). */
const factRows = precompiled<{ ids: number[] }, ReturnType<typeof factsQuery>>(
  "notifications_shift_facts",
  (db) => factsQuery(db),
);
function factsQuery(db: DbOrTx) {
  return (
    withApplicationShift(
      db
        .select({
          ...applicationColumns,
          venueName: schema.venues.name,
          jobAddress: schema.jobs.address,
          jobZip: schema.jobs.zip,
          jobCity: schema.jobs.city,
          venueAddress: schema.venues.address,
          venueZip: schema.venues.zip,
          venueCity: schema.venues.city,
          entrance: schema.jobs.entrance,
          dressCode: schema.dressCodes.name,
          // The worker as its mail needs it (`notifyUser` then reads nothing more).
          recipientEmail: schema.users.email,
          recipientPrefs: schema.users.notificationPrefs,
          recipientStatus: schema.users.status,
          recipientDeletedAt: schema.users.deletedAt,
          // The signature's settings, once for the statement: the mail then reads nothing more
          // (a booking's round trips 16 → 15).
          brandingSettings: brandingSettingsSql(),
        })
        .from(schema.applications)
        .$dynamic(),
    )
      .leftJoin(schema.venues, eq(schema.venues.id, schema.jobs.venueId))
      // The shift's own dress code, else the job's.
      .leftJoin(
        schema.dressCodes,
        eq(
          schema.dressCodes.id,
          sql`coalesce(${schema.shifts.dressCodeId}, ${schema.jobs.dressCodeId})`,
        ),
      )
      .where(and(anyOf(schema.applications.id, "ids"), isNull(schema.jobs.deletedAt)))
  );
}

const when = (s: ShiftFacts) =>
  `${formatDate(s.startsAt, s.timeZone)} ${formatTimeRange(s.startsAt, s.endsAt, s.timeZone)}`;

function details(s: ShiftFacts): [string, string][] {
  return [
    ["Job", s.jobName],
    ["Shift", s.skillName],
    ["When", `${when(s)} (${s.timeZone})`],
    ...(s.venueName ? ([["Venue", s.venueName]] as [string, string][]) : []),
    ...(s.address ? ([["Address", s.address]] as [string, string][]) : []),
    ...(s.entrance ? ([["Entrance", s.entrance]] as [string, string][]) : []),
    ["Dress code", s.dressCode ?? "None given"],
  ];
}

/**
 * The shift as a calendar event (the feed's builder: same UID, so calendars keep one event).
 * Its text rides in the outbox row and is stored in the files port at the first delivery.
 */
function icsAttachment(s: ShiftFacts): MailAttachment {
  const ics = buildFeedIcs(
    [
      {
        applicationId: s.id,
        start: s.startsAt,
        end: s.endsAt,
        timeZone: s.timeZone,
        jobId: s.jobId,
        jobName: s.jobName,
        skillName: s.skillName,
        venueName: s.venueName,
        address: s.address,
        crewBosses: [],
        selfCrewBoss: false,
      },
    ],
    { appUrl: env.APP_URL, jobLink: () => `${env.APP_URL}${MY_SHIFTS}` },
  );
  return {
    filename: "shift.ics",
    contentType: "text/calendar; charset=utf-8",
    key: newFileKey("mail/ics", "ics"),
    source: { kind: "text", body: ics },
  };
}

/**
 * "You are booked": to each worker a booker put on a shift (Booked), with the times in the
 * job's zone, where, the dress code and an .ics. One mail per booking (its booked-at time).
 */
export async function notifyBooked(ctx: TxCtx, applicationIds: number[]): Promise<void> {
  for (const s of await shiftFacts(ctx.db, applicationIds)) {
    if (s.status !== "Booked") continue;
    const stamp = (s.bookedAt ?? ctx.now).getTime();
    await notifyUser(
      ctx.db,
      {
        userId: s.assigneeId,
        recipient: s.recipient,
        branding: s.branding,
        category: "booking_changes",
        key: `booked:${s.id}:${stamp}`,
        template: "shift_booked",
        subject: `You are booked on ${s.jobName}, ${formatDate(s.startsAt, s.timeZone)}`,
        paragraphs: [
          `You are booked as ${s.skillName} on ${s.jobName}. The calendar file with this e-mail adds the shift to your phone's calendar.`,
        ],
        details: details(s),
        link: { label: "See your shifts", path: MY_SHIFTS },
        attachments: [icsAttachment(s)],
      },
      ctx.now,
    );
  }
}

/** "You are requested": the worker is asked to take a shift, and answers on its dashboard. */
export async function notifyRequested(ctx: TxCtx, applicationIds: number[]): Promise<void> {
  for (const s of await shiftFacts(ctx.db, applicationIds)) {
    if (s.status !== "Requested") continue;
    await notifyUser(
      ctx.db,
      {
        userId: s.assigneeId,
        recipient: s.recipient,
        branding: s.branding,
        category: "booking_changes",
        key: `requested:${s.id}:${(s.bookedAt ?? ctx.now).getTime()}`,
        template: "shift_requested",
        subject: `Can you work on ${s.jobName}, ${formatDate(s.startsAt, s.timeZone)}?`,
        paragraphs: [
          `You are asked to work as ${s.skillName} on ${s.jobName}. Please accept or decline the request in Crewdeck.`,
        ],
        details: details(s),
        link: { label: "Accept or decline", path: MY_SHIFTS },
      },
      ctx.now,
    );
  }
}

/** "Tomorrow": the day-before reminder of one booking (key: the booking and the shift's start). */
export async function notifyReminder(ctx: TxCtx, s: ShiftFacts): Promise<number | null> {
  return notifyUser(
    ctx.db,
    {
      userId: s.assigneeId,
      recipient: s.recipient,
      branding: s.branding,
      category: "shift_reminders",
      key: `reminder:${s.id}:${s.startsAt.getTime()}`,
      template: "shift_reminder",
      subject: `Tomorrow: ${s.jobName}, ${formatTimeRange(s.startsAt, s.endsAt, s.timeZone)}`,
      paragraphs: [`A reminder: you work as ${s.skillName} on ${s.jobName} tomorrow.`],
      details: details(s),
      link: { label: "See your shifts", path: MY_SHIFTS },
    },
    ctx.now,
  );
}

/** The shift a worker is told it no longer has (read before the place is deleted). */
export interface ShiftForMail {
  id: number;
  assigneeId: number;
  jobName: string;
  skillName: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
}

/**
 * "Notify the worker by e-mail" when a booker takes them off a shift, and again when the
 * booker undoes that (so the worker is not left believing the first mail); also when the job
 * or the shift is cancelled. One mail per change (the change's time is in the key).
 */
export async function notifyShiftChange(
  ctx: TxCtx,
  kind: "removed" | "restored" | "cancelled",
  s: ShiftForMail,
  reason?: string | null,
): Promise<void> {
  const range = formatRange(s.startsAt, s.endsAt, s.timeZone);
  const text = {
    removed: {
      subject: `You are no longer booked on ${s.jobName}`,
      line: `You have been taken off the shift ${s.skillName} on ${s.jobName} ${range}.`,
    },
    restored: {
      subject: `You are booked on ${s.jobName} again`,
      line: `The change was undone: you are back on the shift ${s.skillName} on ${s.jobName} ${range}.`,
    },
    cancelled: {
      subject: `Cancelled: ${s.jobName}, ${formatDate(s.startsAt, s.timeZone)}`,
      line: `The shift ${s.skillName} on ${s.jobName} ${range} is cancelled. You do not need to come.`,
    },
  }[kind];
  await notifyUser(
    ctx.db,
    {
      userId: s.assigneeId,
      category: "booking_changes",
      key: `${kind}:${s.id}:${ctx.now.getTime()}`,
      template: kind === "cancelled" ? "shift_cancelled" : `application_${kind}`,
      subject: text.subject,
      paragraphs: [text.line, ...(reason ? [`Reason: ${reason}`] : [])],
      link: { label: "See your shifts", path: MY_SHIFTS },
    },
    ctx.now,
  );
}

/** Who holds or is asked for a place, and so is told when it is cancelled. */
const TOLD_OF_CANCEL = new Set(["Booked", "Request accepted", "Requested", "Reserve"]);

/**
 * The places on shifts being cancelled (a job edit removing them): each worker still to come
 * is told. Called before the places are deleted, so their facts can still be read.
 */
export async function notifyCancelled(
  ctx: TxCtx,
  applicationIds: number[],
  reason?: string | null,
): Promise<void> {
  for (const s of await shiftFacts(ctx.db, applicationIds))
    if (TOLD_OF_CANCEL.has(s.status) && s.endsAt > ctx.now)
      await notifyShiftChange(ctx, "cancelled", s, reason);
}

/** A job cancelled (POST jobs/{id}/status/cancelled): everyone on its shifts still to come. */
export async function notifyJobCancelled(
  ctx: TxCtx,
  jobId: number,
  reason: string | null,
): Promise<void> {
  const rows = await ctx.db
    .select({ id: schema.applications.id })
    .from(schema.applications)
    .innerJoin(schema.shifts, eq(schema.shifts.id, schema.applications.shiftId))
    .where(and(eq(schema.shifts.jobId, jobId), isNull(schema.shifts.deletedAt)));
  await notifyCancelled(
    ctx,
    rows.map((r) => r.id),
    reason,
  );
}

/** Places that hold a shift, whose workers are told when it moves. */
const HOLDING: ApplicationStatus[] = ["Booked", "Request accepted"];

/** The "moved" mail: the new times of the worker's places, with a new .ics for each. */
async function sendMoved(ctx: TxCtx, places: ShiftFacts[], key: string, line: string) {
  const [first] = places;
  await notifyUser(
    ctx.db,
    {
      userId: first.assigneeId,
      category: "booking_changes",
      key,
      template: "shift_moved",
      subject: `Your shift on ${first.jobName} changed: ${formatDate(first.startsAt, first.timeZone)}`,
      paragraphs: [
        `${line} The times below replace the ones you had; the calendar file updates your phone's calendar.`,
      ],
      details: places.flatMap(details),
      link: { label: "See your shifts", path: MY_SHIFTS },
      attachments: places.map(icsAttachment),
    },
    ctx.now,
  );
}

/**
 * A held place moved to another shift or slot of the job (POST application-change): the worker
 * gets the new times and a new .ics (the same UID: its calendar moves the event).
 */
export async function notifyMoved(ctx: TxCtx, applicationId: number): Promise<void> {
  for (const s of await shiftFacts(ctx.db, [applicationId])) {
    if (!HOLDING.includes(s.status)) continue;
    await sendMoved(
      ctx,
      [s],
      `moved:${s.id}:${ctx.now.getTime()}`,
      `You have been moved to the shift ${s.skillName} on ${s.jobName}.`,
    );
  }
}

/**
 * A job edit changed the times of these shifts (PUT jobs/{id}): each worker holding a place on
 * them gets one "moved" mail for the edit, listing its places with their new times.
 */
export async function notifyShiftTimesChanged(ctx: TxCtx, shiftIds: number[]): Promise<void> {
  if (!shiftIds.length) return;
  const places = await ctx.db
    .select({ id: schema.applications.id })
    .from(schema.applications)
    .where(
      and(
        inArray(schema.applications.shiftId, shiftIds),
        inArray(schema.applications.status, HOLDING),
      ),
    );
  const byWorker = new Map<number, ShiftFacts[]>();
  for (const s of await shiftFacts(
    ctx.db,
    places.map((p) => p.id),
  )) {
    if (!HOLDING.includes(s.status)) continue;
    byWorker.set(s.assigneeId, [...(byWorker.get(s.assigneeId) ?? []), s]);
  }
  for (const [userId, held] of byWorker) {
    held.sort((x, y) => x.startsAt.getTime() - y.startsAt.getTime() || x.id - y.id);
    const line =
      held.length === 1
        ? `The times of your shift ${held[0].skillName} on ${held[0].jobName} changed.`
        : `The times of your shifts on ${held[0].jobName} changed.`;
    await sendMoved(ctx, held, `moved-times:${userId}:${held[0].jobId}:${ctx.now.getTime()}`, line);
  }
}
