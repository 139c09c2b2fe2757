import { and, count, eq, inArray, sql } from "drizzle-orm";
import { anyOf, precompiled, precompiledSql, schema, type DbOrTx } from "@/db";
import { FILLED_STATUSES, isFilled, type ApplicationStatus } from "@/lib/domain/statuses";
import type { TxCtx } from "../context";
import { ConfirmError, ConflictError } from "../errors";
import {
  clashWindow,
  conflictMessage,
  conflictsWith,
  heldPlacesAround,
  otherShiftLabel,
  viewerCompanyOf,
  type Conflict,
  type HeldPlace,
} from "./conflicts";
import { liveJobOfShift, liveShiftOfApplication } from "./on-live-shifts";
import { lockApplicationsOf } from "./locks";
import {
  clientPriceGaps,
  hasRateAndPricing,
  missingClientPriceText,
  missingRateMessage,
  type HasRate,
} from "./rated";
import { loadAssignee, slotLabel, type SlotTarget } from "./targets";

/** What a verb asks of "can this worker fill this slot". */
export interface FillRequest {
  worker: { id: number; name: string };
  /** The slots to fill, as read under their locks (`underLocks`). */
  targets: SlotTarget[];
  /** Applications that neither take a position nor clash: the one being changed or moved. */
  except?: number[];
  /** A free position is needed (places that hold one, and applying for one). */
  capacity: boolean;
  /** Other bookings of the worker: none, only at the same time, or also too little rest. */
  clashes: "none" | "overlap" | "overlap-and-rest";
  /** The worker must have the slot's skill unless the booker says book anyway. */
  skill: boolean;
  /**
   * The worker must have a worker rate for the slot's skill on its job unless the booker says
   * book anyway (an office user putting a worker on a slot: booking, setting Booked, moving a
   * held place, or requesting a worker, since accepting the request then takes the place; a
   * worker applying or accepting is not asked, nor a client contact requesting). `true` looks
   * the rates up; a verb checking many workers at once passes the answer it looked up for all
   * of them (book-all: no query per worker).
   */
  rates?: boolean | HasRate;
  /**
   * Ask when a slot's skill has no client price on its job (410 `missing_client_price`, repeat
   * with `book_anyway`): the worker would be paid for hours billed at nothing. Asked wherever
   * worker rates are (`rates`) unless set; never of a client contact.
   */
  clientPrice?: boolean;
  closely?: boolean;
  /**
   * Who answers too little rest: a booker or requester is asked (410, repeat with `closely`);
   * a worker accepting a request cannot overrule the rest rule, so it is refused (409) unless
   * the requester already answered for it (`closely` stored on the request).
   */
  rest?: "ask" | "refuse";
  bookAnyway?: boolean;
  /**
   * What the 410's question offers: a move asks "Move anyway?" and a request "Request
   * anyway?", not "Book anyway?". "Apply" is the worker applying for itself: the clash is told
   * to the worker about its own bookings ("You are booked on …"), and "Apply anyway?".
   */
  anyway?: "Book" | "Move" | "Request" | "Apply";
}

/**
 * The one rule "can this worker fill this slot" of booking, moving and status changes, checked
 * in a fixed order: a booked job is not cancelled, capacity (409), overlap (409), rest time
 * (410 `rest_time`, repeat with `closely`; a worker applying is told too, about its own bookings),
 * missing skill (410 `missing_skill`, repeat with `book_anyway`), missing worker rate (410
 * `missing_rates`, repeat with `book_anyway`), no client price for the slot's skill (410
 * `missing_client_price`, repeat with `book_anyway`). Each flag
 * overrides only its own warnings: `closely` the rest time, `book_anyway` (the one column the
 * spec gives) the skill, the worker rate and the client price; the first of those questions
 * names the others that apply too (and carries the price gap in `details.client_price`), so one
 * Book answers them all. Call it inside the verb's transaction with the
 * jobs, worker and slots locked.
 */
export async function assertCanFill(ctx: TxCtx, r: FillRequest): Promise<void> {
  for (const t of r.targets)
    if (t.jobStatus === "Cancelled")
      throw new ConflictError(
        `${t.jobName} is cancelled; nobody can be booked on it.`,
        "job_cancelled",
      );
  const except = r.except ?? [];
  const facts = await fillFacts(ctx.db, r, except);

  if (r.capacity) {
    const filled = facts.filled;
    for (const t of r.targets) {
      const n = filled.get(t.slotId) ?? 0;
      if (n >= t.positions)
        throw new ConflictError(
          `This shift slot is full: ${slotLabel(t)} has ${n} of ${t.positions} positions filled.`,
          "slot_full",
        );
    }
  }

  if (r.clashes !== "none") {
    const conflicts = [
      ...conflictsWith(facts.held, r.targets, except),
      ...conflictsAmong(r.targets, r.worker.id),
    ];
    const overlap = conflicts.find((c) => c.kind === "overlap");
    // A client contact who books learns of a clash, never another company's job behind it.
    const viewer = viewerCompanyOf(ctx.actor);
    const self = r.anyway === "Apply";
    if (overlap)
      throw new ConflictError(
        self
          ? `You are already booked on ${otherShiftLabel(overlap)} at the same time.`
          : conflictMessage(overlap, r.worker.name, 0, viewer),
        "overlap",
      );
    const rest = conflicts.find((c) => c.kind === "rest");
    if (rest && r.clashes === "overlap-and-rest" && !r.closely) {
      const hours = r.targets.find((t) => t.shiftId === rest.targetShiftId)?.restHours ?? 11;
      if (self)
        throw new ConfirmError(
          `You are booked on ${otherShiftLabel(rest)}, which leaves less than ${hours} hours of rest before or after this shift. Apply anyway?`,
          "rest_time",
        );
      if (r.rest === "refuse")
        throw new ConflictError(
          `You are booked on ${otherShiftLabel(rest)}, which leaves less than ${hours} hours of rest. Ask your planner to book you on this shift.`,
          "rest_time",
        );
      throw new ConfirmError(
        conflictMessage(rest, r.worker.name, hours, viewer).replace(
          /Book anyway\?$/,
          `${r.anyway ?? "Book"} anyway?`,
        ),
        "rest_time",
      );
    }
  }

  if (r.bookAnyway) return;
  const anyway = r.anyway ?? "Book";
  // One read answers the worker rate and the client price questions (`hasRateAndPricing`).
  const looked =
    r.rates === true ? await hasRateAndPricing(ctx.db, [r.worker.id], r.targets) : null;
  const hasRate = !r.rates ? null : r.rates === true ? looked!.hasRate : r.rates;
  const unrated = hasRate ? r.targets.find((t) => !hasRate(r.worker.id, t)) : undefined;
  // Only the office is asked about the agency's prices: never a client contact (nor shown
  // them), never a worker applying for itself.
  const askPrice =
    (r.clientPrice ?? Boolean(r.rates)) &&
    anyway !== "Apply" &&
    viewerCompanyOf(ctx.actor) === undefined;
  const [gap] = askPrice ? await clientPriceGaps(ctx.db, r.targets, looked ?? undefined) : [];
  const details = gap ? { client_price: gap } : undefined;
  const priceText = gap ? ` ${missingClientPriceText(gap)}` : "";

  if (r.skill) {
    const skills = facts.skills;
    const missing = r.targets.find((t) => !skills.has(t.skillId));
    if (missing) {
      const noRate = unrated
        ? ` There is no worker rate for them as ${unrated.skillName} on this job either.`
        : "";
      throw new ConfirmError(
        `${r.worker.name} does not have the skill ${missing.skillName}.${noRate}${priceText} ${anyway} anyway?`,
        "missing_skill",
        details,
      );
    }
  }

  if (unrated)
    throw new ConfirmError(
      missingRateMessage(r.worker.name, unrated.skillName, anyway, priceText),
      "missing_rates",
      details,
    );

  if (gap)
    throw new ConfirmError(
      `${missingClientPriceText(gap)} ${anyway} anyway?`,
      "missing_client_price",
      details,
    );
}

const filledPlaces = precompiled<
  { slotIds: number[]; except: number[] },
  ReturnType<typeof filledPlacesQuery>
>("applications_filled_by_slot", (db) => filledPlacesQuery(db));
/**
 * The places that fill the slots `slotIds`, but for the applications `except`. Written when a
 * statement is built (a function), so a list of one slot is `= $1` (`anyOf`).
 */
const filledOfSlots = () =>
  and(
    anyOf(schema.applications.shiftSlotId, "slotIds"),
    inArray(schema.applications.status, [...FILLED_STATUSES]),
    // An empty list leaves nothing out: one statement whether or not there is an exception.
    sql`${schema.applications.id} <> all(${sql.placeholder("except")})`,
  )!;
function filledPlacesQuery(db: DbOrTx) {
  return db
    .select({ slotId: schema.applications.shiftSlotId, n: count() })
    .from(schema.applications)
    .where(filledOfSlots())
    .groupBy(schema.applications.shiftSlotId);
}

/** What the fill rule decides on, read under the locks. */
interface FillFacts {
  /** Filled places per target slot (capacity). */
  filled: Map<number, number>;
  /** The worker's held places that can clash with the targets. */
  held: HeldPlace[];
  /** The worker's skills. */
  skills: Set<number>;
}

const a = schema.applications;
const s = schema.shifts;
const j = schema.jobs;
const us = schema.userSkills;
/**
 * The capacity, clash and skill reads of the fill rule as one statement (issue 27: every booking
 * runs it; three round trips were one each), each a JSON array; a read the request does not ask
 * for is given nothing to match (no slots, no workers, worker 0).
 */
const fillFactsRow = precompiledSql<
  {
    slotIds: number[];
    except: number[];
    workerIds: number[];
    from: Date;
    to: Date;
    workerId: number;
  },
  { facts: string }
>(
  "applications_fill_facts",
  () => sql`select json_build_object(
    'filled', (select coalesce(json_agg(json_build_array(f.slot_id, f.n)), '[]') from (
        select ${a.shiftSlotId} as slot_id, count(*) as n from ${a} where ${filledOfSlots()}
        group by ${a.shiftSlotId}) f),
    'held', (select coalesce(json_agg(json_build_array(${a.id}, ${a.assigneeId}, ${s.id},
        ${s.startsAt}, ${s.endsAt}, ${j.name}, ${j.companyId}, ${schema.countries.timeZone})), '[]')
      from ${a} inner join ${s} on ${liveShiftOfApplication} inner join ${j} on ${liveJobOfShift}
      inner join ${schema.countries} on ${eq(schema.countries.id, j.countryId)}
      where ${heldPlacesAround()}),
    'skills', (select coalesce(json_agg(${us.skillId}), '[]') from ${us}
      where ${us.userId} = ${sql.placeholder("workerId")})
  )::text as facts`,
);

async function fillFacts(db: DbOrTx, r: FillRequest, except: number[]): Promise<FillFacts> {
  const clashes = r.clashes !== "none" && r.targets.length > 0;
  const skill = r.skill && !r.bookAnyway;
  if (!r.capacity && !clashes && !skill) return { filled: new Map(), held: [], skills: new Set() };
  const window = clashes ? clashWindow(r.targets) : { from: new Date(0), to: new Date(0) };
  const [row] = await fillFactsRow(db, {
    slotIds: r.capacity ? r.targets.map((t) => t.slotId) : [],
    except,
    workerIds: clashes ? [r.worker.id] : [],
    ...window,
    workerId: skill ? r.worker.id : 0,
  });
  const facts = JSON.parse(row.facts) as {
    filled: [number, number][];
    held: [number, number, number, string, string, string, number, string][];
    skills: number[];
  };
  return {
    filled: new Map(facts.filled),
    held: facts.held.map(
      ([applicationId, workerId, shiftId, from, to, jobName, companyId, tz]) => ({
        applicationId,
        workerId,
        shiftId,
        startsAt: new Date(from),
        endsAt: new Date(to),
        jobName,
        companyId,
        timeZone: tz,
      }),
    ),
    skills: new Set(facts.skills),
  };
}

/** Filled places per slot, in one query (call with the slots locked). */
export async function filledBySlot(
  ctx: TxCtx,
  slotIds: number[],
  except: number[] = [],
): Promise<Map<number, number>> {
  if (!slotIds.length) return new Map();
  const rows = await filledPlaces(ctx.db, { slotIds, except });
  return new Map(rows.map((r) => [r.slotId, Number(r.n)]));
}

/** Overlap and rest between the shifts of one booking call itself. */
function conflictsAmong(targets: SlotTarget[], workerId: number): Conflict[] {
  const out: Conflict[] = [];
  for (const a of targets)
    for (const b of targets) {
      if (a.shiftId >= b.shiftId) continue;
      const rest = a.restHours * 3_600_000;
      const kind =
        a.startsAt < b.endsAt && a.endsAt > b.startsAt
          ? "overlap"
          : a.startsAt.getTime() < b.endsAt.getTime() + rest &&
              a.endsAt.getTime() > b.startsAt.getTime() - rest
            ? "rest"
            : null;
      if (kind)
        out.push({
          kind,
          workerId,
          targetShiftId: a.shiftId,
          other: {
            applicationId: 0,
            shiftId: b.shiftId,
            jobName: b.jobName,
            companyId: b.companyId,
            startsAt: b.startsAt,
            endsAt: b.endsAt,
            timeZone: b.timeZone,
          },
        });
    }
  return out;
}

/** The place being moved, as read under its lock. */
export interface MovingPlace {
  id: number;
  assigneeId: number;
  assigneeName: string;
  shiftId: number;
  status: string;
}

/**
 * The one rule "can this place move to that slot" of moving and of undoing a move: the worker
 * has no other place on the target shift, then the fill rule for the place's status (a held
 * place needs a free position and no clash; an application or a reserve only moves).
 * Call it with the worker and both slots locked; it locks the worker's places on the target
 * shift (applications come last in the lock order).
 */
export async function assertCanMove(
  ctx: TxCtx,
  app: MovingPlace,
  target: SlotTarget,
  opts: Pick<FillRequest, "skill" | "rates" | "closely" | "bookAnyway">,
): Promise<void> {
  if (target.shiftId !== app.shiftId) {
    const [there] = await lockApplicationsOf(ctx, {
      assigneeId: app.assigneeId,
      shiftIds: [target.shiftId],
    });
    if (there)
      throw new ConflictError(
        `${app.assigneeName} is already on that shift (${there.status}).`,
        "already_on_shift",
      );
  }
  const filled = isFilled(app.status as ApplicationStatus);
  await assertCanFill(ctx, {
    worker: filled
      ? await loadAssignee(ctx.db, app.assigneeId)
      : { id: app.assigneeId, name: app.assigneeName },
    targets: [target],
    except: [app.id],
    capacity: filled,
    clashes: filled ? "overlap-and-rest" : "none",
    anyway: "Move",
    ...opts,
    // Only a held place needs a rate: an application or a reserve is not booked by moving.
    rates: filled && opts.rates,
    clientPrice: filled && Boolean(opts.rates),
  });
}
