import { eq, sql } from "drizzle-orm";
import { precompiledSql, schema, type DbOrTx, type Tx } from "@/db";
import { transitionError, type TransitionBy } from "@/lib/domain/application-status";
import type { ApplicationStatus } from "@/lib/domain/statuses";
import { fromLocal } from "@/lib/domain/time";
import {
  requireApprovedUser,
  requireUser,
  type Ctx,
  type TxCtx,
  type UserActor,
  withTx,
} from "../context";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors";
import { parseInput } from "../validate";
import { activityRowOf, activityValues, logActivity } from "../activity";
import { syncJobChatCrew } from "../chat/job-chat";
import { assertMayUseApplications, inCompanyScope } from "./access";
import { assertCanFill } from "./fill";
import { lockApplicationsOf, lockFillTargets } from "./locks";
import { notifyBooked, notifyRequested } from "../notifications/shift";
import { bookInput } from "./schemas";
import { recomputeJobStatuses } from "./settle";
import {
  branchOpenTo,
  liveSlots,
  slotLabel,
  slotsOfShifts,
  workerSkillIds,
  type SlotTarget,
} from "./targets";
import { applicationViews, type ApplicationView } from "./view";

const NO_BOOKING = "You do not have permission to book workers.";

/**
 * POST applications (spec §7): a worker applies for a slot (Applied), or a booker books a
 * worker onto one slot of each of several shifts with the status it chooses (Booked, Reserve,
 * Requested; a client contact with can_request_worker only Requested, on its own jobs).
 * All shifts or none: the first refusal (409) or warning (410) leaves nothing written.
 */
export async function bookApplications(ctx: Ctx, raw: unknown): Promise<ApplicationView[]> {
  const actor = requireUser(ctx);
  // Who may, before the body is read (issue 27); what each may do is checked after it.
  assertMayUseApplications(ctx, { workers: true, message: NO_BOOKING });
  const input = parseInput(bookInput, raw);
  const status = input.status;
  const applying = status === "Applied";
  if (applying) {
    if (!actor.permissions.has("my_dashboard_access")) throw new ForbiddenError();
    // An applicant holds my_dashboard_access but may not apply until it is approved.
    requireApprovedUser(ctx);
    if (input.assignee_id !== actor.userId)
      throw new ForbiddenError("You can only apply for shifts yourself.");
  } else if (
    !actor.permissions.has("jobs_book_workers") &&
    !(status === "Requested" && actor.permissions.has("can_request_worker"))
  ) {
    throw new ForbiddenError(
      actor.permissions.has("can_request_worker")
        ? "You can request workers, not book them."
        : NO_BOOKING,
    );
  }

  // The whole booking, from the slots' first read to the answer, in one transaction whose
  // statements are planned generically (`genericTransaction`): each is a lookup by key, and
  // planning them with their values on every call cost PostgreSQL more than running them (issue
  // 27: bookings per second). The first read takes no lock; the locks follow in the lock order.
  return withTx(
    ctx,
    async (ctx) => {
      const resolved = await resolveTargets(ctx, input.shift_slots ?? [], input.shiftIds);
      for (const t of resolved) {
        // A job outside the booker's scope does not exist for them.
        if (!applying && !inCompanyScope(actor, t.companyId))
          throw new NotFoundError("Shift slot not found.");
      }

      const { worker, targets } = await lockFillTargets(ctx, {
        jobIds: resolved.map((t) => t.jobId),
        workerId: input.assignee_id,
        slotIds: resolved.map((t) => t.slotId),
      });
      const existing = await lockApplicationsOf(ctx, {
        assigneeId: worker.id,
        shiftIds: targets.map((t) => t.shiftId),
      });
      const by: TransitionBy = applying ? "worker" : "booker";

      for (const t of targets) {
        const prior = existing.find((a) => a.shiftId === t.shiftId);
        if (prior?.status === status)
          throw new ConflictError(
            applying
              ? "You have already applied for this shift."
              : `${worker.name} is already ${status} on ${slotLabel(t)}.`,
            "already_on_shift",
          );
        if (prior) {
          const err = transitionError(prior.status, status, by);
          if (err) throw new ConflictError(err, "illegal_transition");
        }
        if (applying) await assertOpenToWorker(ctx.db, ctx, t, actor);
      }
      await assertCanFill(ctx, {
        worker,
        targets,
        except: existing.map((a) => a.id),
        capacity: applying || status === "Booked",
        // A request is asked what a booking is: the worker's acceptance takes the place unasked.
        // A worker applying is told before it applies that the shift clashes with one it is
        // booked on (409) or leaves it too little rest (410, repeat with closely).
        clashes:
          applying || status === "Booked" || status === "Requested" ? "overlap-and-rest" : "none",
        skill: !applying,
        // A request the worker accepts takes a place without asking again: the office booker is
        // asked about a missing worker rate when it requests. A client contact never is (pay).
        rates: status === "Booked" || (status === "Requested" && !actor.isClient),
        closely: input.closely,
        bookAnyway: input.book_anyway,
        anyway: applying ? "Apply" : status === "Requested" ? "Request" : "Book",
      });

      const out: number[] = [];
      const ended: number[] = [];
      for (const t of targets) {
        const prior = existing.find((a) => a.shiftId === t.shiftId);
        // Booked onto a shift that is already over: its hours are due at once.
        const finalStatus: ApplicationStatus =
          status === "Booked" && t.endsAt.getTime() <= ctx.now.getTime() ? "Report!" : status;
        if (finalStatus === "Report!") ended.push(t.jobId);
        const values = {
          status: finalStatus,
          shiftSlotId: t.slotId,
          bookedById: applying ? null : actor.userId,
          bookedAt: applying ? null : bookedAt(input.booked_at, t.timeZone, ctx.now),
          bookAnyway: Boolean(input.book_anyway),
          closely: Boolean(input.closely),
          updatedAt: ctx.now,
        };
        const entry = {
          logName: "applications",
          description: applying
            ? `${worker.name} applied for ${slotLabel(t)}`
            : `${finalStatus === "Report!" ? "Booked" : finalStatus} ${worker.name} on ${slotLabel(t)}`,
          subjectType: "applications",
          properties: {
            from: prior?.status ?? null,
            to: finalStatus,
            job_id: t.jobId,
            shift_id: t.shiftId,
            shift_slot_id: t.slotId,
            assignee_id: worker.id,
            closely: Boolean(input.closely),
            book_anyway: Boolean(input.book_anyway),
          },
        };
        if (prior) {
          await ctx.db
            .update(schema.applications)
            .set(values)
            .where(eq(schema.applications.id, prior.id));
          await logActivity(ctx, { ...entry, subjectId: prior.id });
          out.push(prior.id);
        } else {
          const [row] = await insertApplication(ctx.db, {
            ...values,
            shiftId: t.shiftId,
            assigneeId: worker.id,
            createdById: actor.isAdmin && input.created_by_id ? input.created_by_id : actor.userId,
            createdAt: ctx.now,
            ...activityValues(ctx, entry),
          });
          out.push(row.id);
        }
      }
      await recomputeJobStatuses(ctx, ended);
      await syncJobChatCrew(
        ctx.db,
        targets.map((t) => t.jobId),
      );
      if (!applying) await (status === "Requested" ? notifyRequested : notifyBooked)(ctx, out);
      return applicationViews(ctx.db, out);
    },
    { plans: "generic" },
  );
}

// The booking's one insert and its activity row in one statement: precompiled (db/precompiled.ts).
// A worker applying has no booked_at (null), which a timestamp column's encoder cannot take: that
// value goes to pg as it is.
const insertApplication = precompiledSql<
  {
    status: ApplicationStatus;
    shiftSlotId: number;
    shiftId: number;
    assigneeId: number;
    createdById: number;
    bookedById: number | null;
    bookedAt: Date | null;
    bookAnyway: boolean;
    closely: boolean;
    createdAt: Date;
    updatedAt: Date;
  } & ReturnType<typeof activityValues>,
  { id: number }
>(
  "applications_insert_logged",
  (db) =>
    sql`with app as (${insertApplicationQuery(db).getSQL()}),
      logged as (${activityRowOf(sql`app.id`, sql`app`)})
    select id from app`,
);
function insertApplicationQuery(db: DbOrTx) {
  const p = (name: string) => sql.placeholder(name);
  return db
    .insert(schema.applications)
    .values({
      status: p("status"),
      shiftSlotId: p("shiftSlotId"),
      shiftId: p("shiftId"),
      assigneeId: p("assigneeId"),
      createdById: p("createdById"),
      bookedById: p("bookedById"),
      bookedAt: sql`${p("bookedAt")}::timestamptz`,
      bookAnyway: p("bookAnyway"),
      closely: p("closely"),
      createdAt: p("createdAt"),
      updatedAt: p("updatedAt"),
    })
    .returning({ id: schema.applications.id });
}

/**
 * The slot to book on each shift: the slot given for it, or else the slot of the same skill
 * as the first given slot (one worker onto several shifts at once).
 */
async function resolveTargets(
  ctx: Ctx,
  slotIds: number[],
  shiftIds: number[] | undefined,
): Promise<SlotTarget[]> {
  const given = await liveSlots(ctx.db, slotIds);
  const missing = slotIds.filter((id) => !given.some((g) => g.slotId === id));
  if (missing.length)
    throw new ValidationError(`Shift slot ${missing[0]} does not exist.`, {
      shift_slots: [`Shift slot ${missing[0]} does not exist.`],
    });
  if (!shiftIds?.length) {
    const perShift = new Map<number, SlotTarget>();
    for (const g of given) {
      if (perShift.has(g.shiftId))
        throw new ValidationError("Choose one slot per shift.", {
          shift_slots: ["Choose one slot per shift."],
        });
      perShift.set(g.shiftId, g);
    }
    return [...perShift.values()];
  }
  const unique = [...new Set(shiftIds)];
  const others = await slotsOfShifts(
    ctx.db,
    unique.filter((s) => !given.some((g) => g.shiftId === s)),
    [given[0].skillId],
  );
  return unique.map((shiftId) => {
    const t = given.find((g) => g.shiftId === shiftId) ?? others.find((o) => o.shiftId === shiftId);
    if (!t)
      throw new ValidationError(`Shift ${shiftId} has no ${given[0].skillName} slot.`, {
        shiftIds: [`Shift ${shiftId} has no ${given[0].skillName} slot.`],
      });
    return t;
  });
}

/** A worker may apply only for open shifts of published jobs that match its skills and branches. */
async function assertOpenToWorker(tx: Tx, ctx: TxCtx, t: SlotTarget, actor: UserActor) {
  if (t.jobStatus !== "Published")
    throw new ConflictError("This shift is not open for applications.", "not_open");
  if (t.startsAt.getTime() <= ctx.now.getTime())
    throw new ConflictError("This shift has already started.", "shift_started");
  const skills = await workerSkillIds(tx, actor.userId);
  if (!skills.has(t.skillId) || !(await branchOpenTo(tx, t.jobId, actor.userId)))
    throw new ConflictError("This shift is not open to you.", "not_open");
}

function bookedAt(value: string | undefined, timeZone: string, now: Date): Date {
  if (!value) return now;
  const [d, t] = value.split(" ");
  const [year, month, day] = d.split("-").map(Number);
  const [hour, minute] = t.split(":").map(Number);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59)
    throw new ValidationError("The booked_at is not a valid date and time.", {
      booked_at: ["The booked_at is not a valid date and time."],
    });
  return fromLocal({ year, month, day, hour, minute }, timeZone);
}

/**
 * POST rates/missing-rates-book (spec §7): the booking call of POST applications with
 * `book_anyway` set, which books a worker who has no worker rate for the slot's skill (and
 * answers the missing-skill question too). It books; a worker applying has nothing to override.
 */
export async function bookMissingRates(ctx: Ctx, raw: unknown): Promise<ApplicationView[]> {
  // Book anyway books (a worker never applies through it): bookers and requesters only.
  assertMayUseApplications(ctx, { message: NO_BOOKING });
  const input = parseInput(bookInput, raw);
  if (input.status === "Applied")
    throw new ValidationError("Book anyway books a worker; choose Booked, Reserve or Requested.", {
      status: ["Book anyway books a worker; choose Booked, Reserve or Requested."],
    });
  return bookApplications(ctx, { ...input, book_anyway: true });
}
