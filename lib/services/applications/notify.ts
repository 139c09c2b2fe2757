import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { formatRange } from "@/lib/domain/format";
import { queueMail } from "@/lib/mail";
import type { TxCtx } from "../context";

/** The shift a worker is told about: the job, the skill and the times in the job's zone. */
export interface ShiftForMail {
  assigneeId: number;
  jobName: string;
  skillName: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
}

/**
 * "Notify the worker by e-mail" when a booker takes them off a shift, and again when the
 * booker undoes that (so the worker is not left believing the first mail). Queued in the
 * verb's transaction through the mail port: sent only if the change is committed.
 */
export async function mailWorkerAboutShift(
  ctx: TxCtx,
  kind: "removed" | "restored",
  s: ShiftForMail,
): Promise<void> {
  const [worker] = await ctx.db
    .select({ email: schema.users.email, name: schema.users.name })
    .from(schema.users)
    .where(eq(schema.users.id, s.assigneeId));
  if (!worker) return;
  const when = formatRange(s.startsAt, s.endsAt, s.timeZone);
  const removed = kind === "removed";
  await queueMail(
    ctx.db,
    {
      to: worker.email,
      template: removed ? "application_removed" : "application_restored",
      subject: removed
        ? `You are no longer booked on ${s.jobName}`
        : `You are booked on ${s.jobName} again`,
      text: [
        `Hi ${worker.name},`,
        "",
        removed
          ? `You have been taken off the shift ${s.skillName} on ${s.jobName} ${when}.`
          : `The change was undone: you are back on the shift ${s.skillName} on ${s.jobName} ${when}.`,
        "",
        "You can see your shifts in Crewdeck under My dashboard.",
      ].join("\n"),
    },
    ctx.now,
  );
}
