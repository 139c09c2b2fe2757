import type { sql } from "drizzle-orm";
import { FILLED_STATUSES } from "@/lib/domain/statuses";

/** What a check's query may depend on, read once per db:check run. */
export interface CheckInput {
  /** Changes from this moment on must have their activity rows. */
  since: Date | undefined;
  /** Whether pg-boss's job table exists (it is created when the queue first starts). */
  queuePresent: boolean;
}

/** One consistency check of db:check (lib/db-check/checks.ts runs them in order). */
export interface Check {
  name: string;
  rule: string;
  needsSince?: boolean;
  /** SQL selecting the offending ids as `id` (ordered). */
  query: (input: CheckInput) => ReturnType<typeof sql>;
}

/** The filled statuses as an SQL list, for queries written as raw text. */
export const filled = FILLED_STATUSES.map((s) => `'${s.replace(/'/g, "''")}'`).join(", ");
