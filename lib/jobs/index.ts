import { getDb } from "@/db";
import { deliverQueuedMail, mailDeliveryEnabled } from "@/lib/mail";
import { makeCtx, systemActor, withTx } from "@/lib/services/context";
import { sweepEndedShifts } from "@/lib/services/applications/settle";
import { sweepExpiryWarnings } from "@/lib/services/documents/expiry";

/**
 * Background work in the app process (DESIGN.md §7). Each task claims its rows with
 * SELECT … FOR UPDATE SKIP LOCKED, so several app instances can run the same loop.
 */
const holder = globalThis as unknown as { __crewdeckJobs?: NodeJS.Timeout };
const EVERY_MS = 15_000;

export function startBackgroundWork(): void {
  if (holder.__crewdeckJobs) return;
  let running = false;
  holder.__crewdeckJobs = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const db = await getDb();
      if (mailDeliveryEnabled()) await deliverQueuedMail(db);
      // Ended shifts owe their hours (Booked → Report!); the verbs settle what they touch too.
      const ctx = makeCtx(db, systemActor("status sweep"));
      await withTx(ctx, (ctx) => sweepEndedShifts(ctx));
      // Documents entering their warning period: one e-mail each (documents.expiry_warned_at).
      await withTx(makeCtx(db, systemActor("document expiry")), (ctx) => sweepExpiryWarnings(ctx));
    } catch (err) {
      console.error("[jobs] background work failed", err);
    } finally {
      running = false;
    }
  }, EVERY_MS);
  holder.__crewdeckJobs.unref();
}
