/**
 * What CI runs a second time on PostgreSQL (`npm test -- --only integration,e2e --postgres-subset`
 * with DATABASE_URL set; see .ci/run and the README). PGlite is PostgreSQL itself, so the same
 * SQL answers the same on both; what only a server shows is several connections at once: row
 * locks, lock order, SKIP LOCKED claims, serialization and deadlock handling, atomic counters,
 * ON CONFLICT under races, pg-boss, the node-postgres driver's error mapping, and the
 * migrations on a server's version. The files below exercise those with callers running at
 * once (or claim with SKIP LOCKED); a suite whose calls run one after the other sends the same
 * SQL over one connection and stays on PGlite (issue 24: 840 tests here took 129 s).
 */
export const POSTGRES_INTEGRATION = [
  // Migrations and preparation on a server.
  "seed/prepare.int.test.ts",
  // Named prepared statements on a pooled connection, planned with their values.
  "lib/services/db-queries.int.test.ts",
  "lib/services/precompiled-lists.int.test.ts",
  // Booking: 20 concurrent bookings of a 2-place slot; moves and acceptances racing an edit.
  "lib/services/applications/applications.int.test.ts",
  "lib/services/applications/book-statements.int.test.ts",
  "lib/services/applications/capacity.int.test.ts",
  // A slot's booked count kept by triggers (statement ones with transition tables) on every write.
  "lib/services/applications/slot-booked.int.test.ts",
  // Statistics: stored prices and the day roll-up are kept by triggers (a deferred one among
  // them) and swept with SKIP LOCKED.
  "lib/services/statistics/stored-prices.int.test.ts",
  "lib/services/statistics/job-days.int.test.ts",
  // The salary roll-up: one sweep at a time (an advisory lock another instance skips on).
  "lib/services/statistics/salary-days.int.test.ts",
  // The count roll-up: statement triggers mark dates (a country's zone, roles), one sweep at a time.
  "lib/services/statistics/count-days.int.test.ts",
  // The calendar's quarter-hour roll-up: a job archived while shifts are added (a FOR SHARE lock).
  "lib/services/calendar/quarters.int.test.ts",
  // The per-worker charts' stored answers: one background round at a time (an advisory lock).
  "lib/services/statistics/standard-answers.int.test.ts",
  // The booking dialog's worker search: its free band is anti-joins the planner must keep exact.
  "lib/services/applications/bookable-order.int.test.ts",
  // Hours: the paid-hours lock and the ended-shift sweep's claims.
  "lib/services/hours/hours.int.test.ts",
  // Note pins under FOR UPDATE (four at once); unique names under concurrent creates.
  "lib/services/notes/notes.int.test.ts",
  "lib/services/dresscodes/dresscodes.int.test.ts",
  "lib/http/api/dresscodes.int.test.ts",
  "lib/services/skills/skills-order.int.test.ts",
  "lib/services/branches/branches.int.test.ts",
  "lib/services/countries/countries-create.int.test.ts",
  // Atomic login limits under parallel attempts, single-use tickets and TOTP steps redeemed
  // twice at once, the per-token limit counting parallel calls, two-tab confirmations.
  "lib/services/auth/auth-login.int.test.ts",
  "lib/services/auth/auth-totp.int.test.ts",
  "lib/services/auth/otp-setup.int.test.ts",
  "lib/services/auth/single-use.int.test.ts",
  "lib/services/account/registration.int.test.ts",
  "lib/services/account/security.int.test.ts",
  "lib/services/account/throttles.int.test.ts",
  "lib/http/api/token-auth.int.test.ts",
  // The REST contract and the one mapping of the driver's database errors (node-postgres
  // errors are not PGlite's).
  "lib/http/api/contract-auth.int.test.ts",
  "lib/http/api/contract-login.int.test.ts",
  "lib/http/api/jobs-contract-create.int.test.ts",
  "lib/http/adapters.int.test.ts",
  // Vetting: two approvals or two reviewers at once, the expiry sweep's SKIP LOCKED claims, an
  // upload deciding under the owner's row lock.
  "lib/services/applicants/applicants.int.test.ts",
  "lib/services/documents/review.int.test.ts",
  "lib/services/documents/expiry.int.test.ts",
  "lib/services/documents/upload-lock.int.test.ts",
  // Help: unused images claimed with SKIP LOCKED while articles key-share lock theirs; a
  // category's articles ordered under the category's lock.
  "lib/services/help/image-sweep.int.test.ts",
  "lib/services/help/article-order.int.test.ts",
  // Rate cards upserted whole (ON CONFLICT on the nulls-not-distinct scope, PostgreSQL 15+).
  "lib/services/rates/client-rates.int.test.ts",
  "lib/services/rates/worker-rates.int.test.ts",
  // Money (issue 24): gap-free quote numbers under 20 parallel saves; pay under the lines'
  // locks and the lock on paid hours; one of two simultaneous salary-run starts; pg-boss on a
  // server (SKIP LOCKED claims, a stopped worker's job retried) and the monitors' claims.
  "lib/services/quotes/quotes-save.int.test.ts",
  "lib/services/salary/salary-pay.int.test.ts",
  "lib/services/salary/run-start.int.test.ts",
  // The salary overview's month-and-worker list: renames racing line writers on two connections.
  "lib/services/salary/month-workers.int.test.ts",
  // The pay-slip ZIP whose file cannot be opened: it hung only on PostgreSQL's timing.
  "lib/services/salary/slips-zip.int.test.ts",
  "lib/jobs/",
  "lib/services/progress/",
  // The worker's most used query (its plan differs with a server's statistics).
  "lib/services/worker/new-jobs.int.test.ts",
  // Realtime (issue 26): LISTEN/NOTIFY between two instances' listener connections, and a
  // listener reconnecting after its connection is killed.
  "lib/realtime/",
  // Chat (issue 26): two people starting the same private chat, two openers of one job chat
  // (ON CONFLICT on the pair and job keys), the sender's row lock behind the rate limit.
  "lib/services/chat/chat.int.test.ts",
  "lib/services/chat/job-chat.int.test.ts",
  // Faults (issue 27): the pool's connections killed under it (a PostgreSQL restart) answer 503
  // or succeed on a fresh connection, never 500, and never crash the process.
  "lib/http/db-outage.int.test.ts",
  // Two app instances (issue 27): a token of one resolving on the other, and the limits on
  // sign-in, API calls, chat messages and invitations counting calls through both at once.
  // (lib/jobs/ above holds their background loops and pg-boss workers racing.)
  "lib/services/auth/two-instances.int.test.ts",
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
