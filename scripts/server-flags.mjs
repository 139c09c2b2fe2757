/**
 * How the production server runs (issue 27: ≤ 300 MB RSS after a load): the Node flags and
 * environment `scripts/start.mjs` gives `next start`, and the benches that serve the built app
 * (the HTTP bench) give it too, so they measure the server production runs. Why each:
 * - a 256 MB old generation (the server's live heap after the bench's load is ~145 MB; V8 collects
 *   before growing past the limit instead of letting garbage pile up towards its default of
 *   several GB, and a PDF or a workbook built in one request still has room);
 * - 2 MB semi-spaces (the young generation: 16 MB each by default, RSS that short-lived request
 *   garbage keeps);
 * - MALLOC_ARENA_MAX=2: glibc gives each thread that allocates (libuv's pool, V8's compiler and
 *   collector threads) an arena of its own, up to 8 per core, and keeps their freed memory.
 */
export const SERVER_NODE_FLAGS = [
  "--max-old-space-size=256",
  "--max-semi-space-size=2",
  // Measuring only (BENCH_ONLY=rss sets it: a heap snapshot, a GC trace, a flag to weigh); only
  // whoever starts the process can set it. Later flags win, so one here overrides those above.
  ...(process.env.CREWDECK_SERVER_NODE_FLAGS ?? "").split(" ").filter(Boolean),
];

/** The server's environment on top of the caller's. */
export const serverEnv = (env) => ({
  ...env,
  MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? "2",
});
