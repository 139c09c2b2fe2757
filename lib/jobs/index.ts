import { getDb } from "@/db";
import { deliverQueuedMail, mailDeliveryEnabled } from "@/lib/mail";
import { makeCtx, systemActor, withTx } from "@/lib/services/context";
import { sweepEndedShifts } from "@/lib/services/applications/settle";
import { sweepExpiryWarnings } from "@/lib/services/documents/expiry";
import { sweepUnusedHelpImages } from "@/lib/services/help/image-sweep";

/**
 * Background work in the app process (DESIGN.md §7). Each task claims its rows with
 * SELECT … FOR UPDATE SKIP LOCKED, so several app instances can run the same loop.
 */
const holder = globalThis as unknown as { __crewdeckJobs?: NodeJS.Timeout };
const EVERY_MS = 15_000;
/** Unused help images are looked for once an hour (they wait a week anyway). */
const HELP_IMAGES_EVERY_MS = 3_600_000;

/** One task of the loop: its failure is logged and does not keep the others from running. */
async function task(name: string, run: () => Promise<unknown>) {
  try {
    await run();
  } catch (err) {
    console.error(`[jobs] ${name} failed`, err);
  }
}

export function startBackgroundWork(): void {
  if (holder.__crewdeckJobs) return;
  let running = false;
  let helpImagesAt = 0;
  holder.__crewdeckJobs = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const db = await getDb();
      if (mailDeliveryEnabled()) await task("mail delivery", () => deliverQueuedMail(db));
      // Ended shifts owe their hours (Booked → Report!); the verbs settle what they touch too.
      await task("status sweep", () =>
        withTx(makeCtx(db, systemActor("status sweep")), (ctx) => sweepEndedShifts(ctx)),
      );
      // Documents entering their warning period: one e-mail each (documents.expiry_warned_at).
      await task("document expiry", () =>
        withTx(makeCtx(db, systemActor("document expiry")), (ctx) => sweepExpiryWarnings(ctx)),
      );
      if (Date.now() - helpImagesAt >= HELP_IMAGES_EVERY_MS) {
        helpImagesAt = Date.now();
        await task("help images", () =>
          withTx(makeCtx(db, systemActor("help images")), (ctx) => sweepUnusedHelpImages(ctx)),
        );
      }
    } catch (err) {
      console.error("[jobs] background work failed", err);
    } finally {
      running = false;
    }
  }, EVERY_MS);
  holder.__crewdeckJobs.unref();
}
