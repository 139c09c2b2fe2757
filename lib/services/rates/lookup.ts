/**
 * Which rate applies: the one place that decides, for the booking check (410 missing_rates),
 * estimates and the job projection. Each lookup is a fixed number of queries whatever the
 * number of skills or workers (no N+1), and takes the db or transaction to read through.
 * Client prices in ./client-lookup.ts, worker pay in ./worker-lookup.ts.
 */
export * from "./lookup-base";
export * from "./client-lookup";
export * from "./worker-lookup";
