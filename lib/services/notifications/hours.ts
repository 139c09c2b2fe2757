import type { ApplicationRow } from "../applications/access";
import type { TxCtx } from "../context";
import { describeTimes } from "../hours/access";
import { notifyUser } from "./notify";

/**
 * Hours approved or sent back (approved, then disapproved): the worker hears which hours, on
 * which job, and the office's comment when it gave one. One mail per decision (its time is in
 * the key).
 */
export async function notifyHoursDecision(
  ctx: TxCtx,
  kind: "approved" | "disapproved",
  app: ApplicationRow,
  times: { startsAt: Date; endsAt: Date },
  comment?: string | null,
): Promise<void> {
  const described = describeTimes(times.startsAt, times.endsAt, app.timeZone);
  const approved = kind === "approved";
  await notifyUser(
    ctx.db,
    {
      userId: app.assigneeId,
      category: "hours_approved",
      key: `hours_${kind}:${app.id}:${ctx.now.getTime()}`,
      template: `hours_${kind}`,
      subject: approved
        ? `Your hours on ${app.jobName} are approved`
        : `Your hours on ${app.jobName} were sent back`,
      paragraphs: [
        approved
          ? `Your hours as ${app.skillName} on ${app.jobName} are approved: ${described}.`
          : `The approval of your hours as ${app.skillName} on ${app.jobName} (${described}) was taken back. The office will look at them again; you may be asked to correct your report.`,
        ...(comment ? [`Comment from the office: ${comment}`] : []),
      ],
      link: { label: "See your past shifts", path: "/my-dashboard/past" },
    },
    ctx.now,
  );
}
