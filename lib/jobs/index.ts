import { getDb, getDbHandle } from "@/db";
import { deliverQueuedMail, mailDeliveryEnabled } from "@/lib/mail";
import { makeCtx, systemActor, withTx } from "@/lib/services/context";
import { sweepEndedShifts } from "@/lib/services/applications/settle";
import { sweepExpiryWarnings } from "@/lib/services/documents/expiry";
import { sweepUnusedHelpImages } from "@/lib/services/help/image-sweep";
import { sweepJobDays } from "@/lib/services/statistics/job-days";
import { sweepStatisticsAnswers } from "@/lib/services/statistics/answers-round";
import { sweepCountDays } from "@/lib/services/statistics/count-days";
import { sweepCalendarQuarters } from "@/lib/services/calendar/quarters";
import { sweepSalaryDays } from "@/lib/services/statistics/salary-days";
import { sweepClientPrices } from "@/lib/services/statistics/stored-prices";
import { sweepChatDigests } from "@/lib/services/notifications/chat-digest";
import { sweepShiftReminders } from "@/lib/services/notifications/reminders";
import { isDatabaseUnavailable } from "@/lib/services/outage/database";
import { failAbandonedSalaryRuns, registerSalaryRunJob } from "@/lib/services/salary/run-job";
import { registerSalaryExportJob } from "@/lib/services/salary/export-job";
import { queueStarted, startQueue, stopQueue } from "./queue";

/**
 * Background work in the app process (DESIGN.md §7). The loop's tasks claim their rows with
 * SELECT … FOR UPDATE SKIP LOCKED, so several app instances can run the same loop; jobs that
 * must survive a restart and report progress (salary runs) go through the pg-boss queue
 * (./queue.ts), started here too.
 */
const holder = globalThis as unknown as { __crewdeckJobs?: NodeJS.Timeout };
const EVERY_MS = 15_000;
/** Unused help images are looked for once an hour (they wait a week anyway). */
const HELP_IMAGES_EVERY_MS = 3_600_000;
/** How long one round may spend pricing approved hours (each batch its own transaction). */
const PRICE_SWEEP_BUDGET_MS = 5_000;
/** A failed start of the queue is tried again this much later. */
const QUEUE_RETRY_MS = 5_000;

/**
 * A failure of the loop, logged. The database out of reach (a PostgreSQL restart, issue 27) is
 * one line, not a stack per task every round: the next round retries on a fresh connection.
 */
function logFailure(what: string, err: unknown) {
  if (isDatabaseUnavailable(err))
    console.error(`[jobs] ${what} skipped: the database cannot be reached; retrying next round`);
  else console.error(`[jobs] ${what} failed`, err);
}

/** One task of the loop: its failure is logged and does not keep the others from running. */
async function task(name: string, run: () => Promise<unknown>) {
  try {
    await run();
  } catch (err) {
    logFailure(name, err);
  }
}

/**
 * The pg-boss queue on the app's database, its handlers registered first. On SIGTERM/SIGINT the
 * running attempt is handed back at once (pg-boss fails it; it is retried by the next instance
 * or after the restart): Next exits as soon as its server has closed.
 */
function startJobQueue(): void {
  registerSalaryRunJob(getDb);
  registerSalaryExportJob(getDb);
  const attempt = async () => {
    try {
      // Started at once (enqueue waits for a queue that is starting), on the handle once open.
      await startQueue(getDbHandle());
    } catch (err) {
      // The database slow or out of reach at start (two instances starting at once on a busy
      // host, a PostgreSQL restart): retried, or this process would never run a queued job.
      logFailure(`the background queue start (retried in ${QUEUE_RETRY_MS / 1000} s)`, err);
      setTimeout(() => void attempt(), QUEUE_RETRY_MS).unref();
      return;
    }
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      process.once(signal, () => {
        void stopQueue({ graceful: false }).finally(() => {
          // Nobody else (Next) listens: end the process as the signal would have.
          if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
        });
      });
    }
  };
  void attempt();
}

export function startBackgroundWork(): void {
  if (holder.__crewdeckJobs) return;
  startJobQueue();
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
      // A salary run whose job is over without finishing it (retries spent) reads failed.
      if (queueStarted()) await task("salary runs", () => failAbandonedSalaryRuns(db));
      // Documents entering their warning period: one e-mail each (documents.expiry_warned_at).
      await task("document expiry", () =>
        withTx(makeCtx(db, systemActor("document expiry")), (ctx) => sweepExpiryWarnings(ctx)),
      );
      // Shifts starting within a day: one reminder per booking (the outbox's idempotency key).
      await task("shift reminders", () =>
        withTx(makeCtx(db, systemActor("shift reminders")), (ctx) => sweepShiftReminders(ctx)),
      );
      // Chat messages unread for 15 minutes: one digest per user.
      await task("chat digests", () =>
        withTx(makeCtx(db, systemActor("chat digests")), (ctx) => sweepChatDigests(ctx)),
      );
      // Approved hours without a current stored client price (seeded, or a rate changed since):
      // priced a few batches a round, so statistics are fast again within minutes (issue 27).
      await task("client prices", () => sweepClientPrices(db, { budgetMs: PRICE_SWEEP_BUDGET_MS }));
      // Jobs whose hours, dates or prices changed: their per-day totals recomputed, so the
      // statistics read a few rows per job instead of every report (issue 27).
      await task("statistics roll-up", () => sweepJobDays(db, { budgetMs: PRICE_SWEEP_BUDGET_MS }));
      // Work dates whose salary lines changed: their per-day totals rewritten, so the salary
      // charts read a few rows per day instead of every line (issue 27).
      await task("salary roll-up", () => sweepSalaryDays(db, { budgetMs: PRICE_SWEEP_BUDGET_MS }));
      // Dates whose jobs or users changed: their counts rewritten, so the count charts read a
      // few rows per day instead of every job or user of the range (issue 27).
      await task("count roll-up", () => sweepCountDays(db, { budgetMs: PRICE_SWEEP_BUDGET_MS }));
      // Quarter hours of the calendar's day counts written since: each one's rows summed into
      // one, so the month reads one row a quarter (issue 27).
      await task("calendar quarters", () => sweepCalendarQuarters(db));
      // The per-worker and client charts of /insights' standard periods: answers older than two
      // minutes recomputed, so opening an /insights screen reads one stored row a chart (issue 27).
      await task("standard statistics", () =>
        sweepStatisticsAnswers(db, { budgetMs: PRICE_SWEEP_BUDGET_MS }),
      );
      if (Date.now() - helpImagesAt >= HELP_IMAGES_EVERY_MS) {
        helpImagesAt = Date.now();
        await task("help images", () =>
          withTx(makeCtx(db, systemActor("help images")), (ctx) => sweepUnusedHelpImages(ctx)),
        );
      }
    } catch (err) {
      logFailure("background work", err);
    } finally {
      running = false;
    }
  }, EVERY_MS);
  holder.__crewdeckJobs.unref();
}
