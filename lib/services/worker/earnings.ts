import { z } from "zod";
import { and, asc, eq, inArray } from "drizzle-orm";
import { schema } from "@/db";
import { isoInZone } from "@/lib/domain/time";
import { requirePermission, type Ctx } from "../context";
import { ForbiddenError } from "../errors";
import { idSchema } from "../params";
import { parseInput } from "../validate";
import { earningsOfSlots, type SlotEarnings } from "./earnings-of";
import { openToWorker, workerOf } from "./new-jobs";

/** `shifts=1,2,3`, `shifts[]=1&shifts[]=2` or a JSON list; 1 to 100 ids. */
export const estimatedEarningsInput = z.object({
  shifts: z.preprocess(
    (v) =>
      typeof v === "string"
        ? v
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : v === undefined || v === null
          ? []
          : Array.isArray(v)
            ? v
            : [v],
    z
      .array(idSchema)
      .min(1, "Name at least one shift (shifts=1,2,3).")
      .max(100, "may name at most 100 shifts"),
  ),
});

export interface ShiftEarnings {
  shift_id: number;
  start: string;
  end: string;
  time_zone: string;
  job: { id: number; name: string };
  /** The open slots of the worker's skills on this shift, each with its estimate. */
  slots: ({ shift_slot_id: number; skill: { id: number; name: string } } & SlotEarnings)[];
}

/**
 * GET shifts/estimated-earnings?shifts=1,2,3: what the worker would earn on each named shift
 * it may apply for (the new-jobs scope: upcoming, published, its skills and branches, a free
 * position, no application yet), per open slot of its skills. A shift outside that scope is
 * left out (as if it did not exist); a slot without a worker rate has `estimate: null` and a
 * reason. Worker pay is the worker's own business: a client contact gets 403. Reads only.
 */
export async function estimatedEarnings(ctx: Ctx, raw: unknown): Promise<ShiftEarnings[]> {
  const actor = requirePermission(ctx, "my_dashboard_access");
  if (actor.kind === "user" && actor.isClient) throw new ForbiddenError();
  const { shifts: shiftIds } = parseInput(estimatedEarningsInput, raw ?? {});
  const worker = await workerOf(ctx);
  if (!worker.skillIds.length) return [];
  const s = schema.shifts;
  const slot = schema.shiftSlots;
  const j = schema.jobs;
  const rows = await ctx.db
    .select({
      shiftId: s.id,
      slotId: slot.id,
      startsAt: s.startsAt,
      endsAt: s.endsAt,
      timeZone: schema.countries.timeZone,
      jobId: j.id,
      jobName: j.name,
      skillId: schema.skills.id,
      skillName: schema.skills.name,
    })
    .from(slot)
    .innerJoin(s, eq(s.id, slot.shiftId))
    .innerJoin(j, eq(j.id, s.jobId))
    .innerJoin(schema.countries, eq(schema.countries.id, j.countryId))
    .innerJoin(schema.skills, eq(schema.skills.id, slot.skillId))
    .where(and(inArray(s.id, [...new Set(shiftIds)]), openToWorker(ctx, worker)))
    .orderBy(asc(s.startsAt), asc(s.id), asc(slot.id));
  const earnings = await earningsOfSlots(ctx.db, worker.actor.userId, rows, worker.skills);
  const out = new Map<number, ShiftEarnings>();
  for (const r of rows) {
    let shift = out.get(r.shiftId);
    if (!shift) {
      shift = {
        shift_id: r.shiftId,
        start: isoInZone(r.startsAt, r.timeZone),
        end: isoInZone(r.endsAt, r.timeZone),
        time_zone: r.timeZone,
        job: { id: r.jobId, name: r.jobName },
        slots: [],
      };
      out.set(r.shiftId, shift);
    }
    shift.slots.push({
      shift_slot_id: r.slotId,
      skill: { id: r.skillId, name: r.skillName },
      ...earnings.get(r.slotId)!,
    });
  }
  return [...out.values()];
}
