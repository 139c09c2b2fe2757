/**
 * What CI runs a second time on PostgreSQL (`npm test -- --only integration,e2e --postgres-subset`
 * with DATABASE_URL set; see .ci/run and the README). PGlite is PostgreSQL itself, so the same
 * SQL answers the same on both; what only a server shows is several connections at once: row
 * locks, lock order, SKIP LOCKED claims, serialization and deadlock handling, atomic counters,
 * ON CONFLICT under races, and the migrations on a server's version. The files below exercise
 * those; every other suite runs on PGlite only. When unsure, a file stays on this list.
 */
export const POSTGRES_INTEGRATION = [
  // Migrations and preparation on a server.
  "seed/prepare.int.test.ts",
  // Booking, moving, status changes and the book tab: capacity under concurrent callers.
  "lib/services/applications/",
  "lib/http/api/applications.int.test.ts",
  // Reporting, approving and settling hours (locks, the fill rule, the sweep's claims).
  "lib/services/hours/",
  "lib/http/api/hours.int.test.ts",
  // Job edits and status changes: lock the job then its slots, count under the lock.
  "lib/services/jobs/edit-fields.int.test.ts",
  "lib/services/jobs/edit-shifts.int.test.ts",
  "lib/services/jobs/edit-slots.int.test.ts",
  "lib/services/jobs/status.int.test.ts",
  // Note pins under FOR UPDATE; unique names under concurrent creates.
  "lib/services/notes/notes.int.test.ts",
  "lib/services/dresscodes/dresscodes.int.test.ts",
  "lib/http/api/dresscodes.int.test.ts",
  // Atomic login limits, single-use tickets and TOTP steps, the per-token limit.
  "lib/services/auth/auth-login.int.test.ts",
  "lib/services/auth/auth-tokens.int.test.ts",
  "lib/services/auth/auth-totp.int.test.ts",
  "lib/services/auth/otp-setup.int.test.ts",
  "lib/services/auth/single-use.int.test.ts",
  "lib/services/account/registration.int.test.ts",
  "lib/services/account/security.int.test.ts",
  "lib/services/account/throttles.int.test.ts",
  // Creating users (one transaction over many tables), the last-administrator rule, and
  // deactivation ending sessions and tokens in the same transaction.
  "lib/services/users/users.int.test.ts",
  // Who may manage whom: the target read under its row lock in each verb's transaction; an
  // e-mail change confirmed and reported under the user's lock, its links spent once.
  "lib/services/users/manage.int.test.ts",
  "lib/services/account/email-change.int.test.ts",
  "lib/http/api/token-auth.int.test.ts",
  // The REST contract and the one error mapping of database errors.
  "lib/http/api/contract-auth.int.test.ts",
  "lib/http/api/contract-login.int.test.ts",
  "lib/http/api/jobs-contract-create.int.test.ts",
  "lib/http/api/jobs-contract-job.int.test.ts",
  "lib/http/api/jobs-contract-scope.int.test.ts",
  "lib/http/adapters.int.test.ts",
  // Vetting: approving an applicant under a row lock, document decisions as conditional
  // updates (two reviewers at once), the expiry sweep's SKIP LOCKED claims, on-call adds.
  "lib/services/applicants/applicants.int.test.ts",
  "lib/services/documents/review.int.test.ts",
  "lib/services/documents/expiry.int.test.ts",
  // An upload decides under the owner's row lock (an archive meanwhile is seen).
  "lib/services/documents/upload-lock.int.test.ts",
  "lib/services/on-call/on-call.int.test.ts",
  // Back office: unique names under concurrent creates (advisory lock), weights saved under
  // row locks, deletes that archive under a lock, settings under one writer, the
  // maintenance flag read with the actor.
  "lib/services/skills/skills-order.int.test.ts",
  "lib/services/branches/branches.int.test.ts",
  "lib/services/countries/countries-create.int.test.ts",
  "lib/services/levels/levels.int.test.ts",
  "lib/services/settings/settings.int.test.ts",
  // Help: unused images claimed with SKIP LOCKED while articles key-share lock theirs; a
  // category's articles ordered under the category's lock.
  "lib/services/help/image-sweep.int.test.ts",
  "lib/services/help/article-order.int.test.ts",
  // Clients and prices: unique client names under concurrent creates, whole rate cards upserted
  // in one transaction (ON CONFLICT on the nulls-not-distinct scope), cards copied onto a job
  // inside its create, additional costs under the job's row lock.
  "lib/services/companies/companies-write.int.test.ts",
  "lib/services/rates/",
  "lib/services/jobs/additional-costs.int.test.ts",
  // Money (issue 24): gap-free quote numbers under parallel saves (ON CONFLICT counter),
  // revisions and conversion under the quote's lock; salary lines replaced in batches under
  // the applications' locks, paid lines locked, pay under the lines' locks; pg-boss on a
  // server (SKIP LOCKED claims, a stopped worker's job retried) and the run's one-at-a-time
  // start; the invoiced status counted under the job's lock.
  "lib/services/quotes/",
  "lib/http/api/quotes.int.test.ts",
  "lib/services/salary/",
  "lib/http/api/salary.int.test.ts",
  "lib/http/api/salary-runs.int.test.ts",
  "lib/jobs/",
  "lib/services/progress/",
  "lib/services/jobs/status-invoice.int.test.ts",
  // The worker's most used query (its plan differs with a server's statistics).
  "lib/services/worker/new-jobs.int.test.ts",
];

/** The Playwright journeys that book, edit jobs and work shifts against a real server. */
export const POSTGRES_E2E = [
  "e2e/booking.spec.ts",
  "e2e/jobs.spec.ts",
  "e2e/worker.phone.spec.ts",
  "e2e/worker-dialogs.phone.spec.ts",
  // A newcomer registered, its documents reviewed, approved and booked.
  "e2e/vetting.spec.ts",
  // Booking past a missing worker rate: two warnings answered in one booking transaction.
  "e2e/missing-rates.spec.ts",
];
