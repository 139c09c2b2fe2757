import { z } from "zod";
import {
  AppError,
  MissingRatesError,
  ServiceUnavailableError,
  TooManyRequestsError,
  type FieldErrors,
} from "@/lib/services/errors";
import { fieldErrors } from "@/lib/services/validate";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  DATABASE_UNAVAILABLE_TYPE,
  isDatabaseUnavailable,
  noteDatabaseDown,
} from "@/lib/services/outage/database";

/**
 * The one mapping from a thrown error to what the caller is told (DESIGN.md §3, §9), shared by
 * route handlers (lib/http/endpoint.ts), server actions (lib/http/action.ts) and pages
 * (lib/http/page.ts), so the same failure is the same status everywhere.
 */
export interface ErrorBody {
  status: number;
  message: string;
  type: string;
  errors?: FieldErrors;
  details?: Record<string, unknown>;
  /** The skills without a rate of a 410 MissingRates (issue 24). */
  skills?: { id: number; name: string }[];
  /** Seconds, for the Retry-After header of a 429 or 503. */
  retryAfter?: number;
}

export const SERVER_ERROR_MESSAGE = "Something went wrong on our side. Please try again.";

export function toErrorBody(err: unknown): ErrorBody {
  if (err instanceof AppError) {
    return {
      status: err.status,
      message: err.message,
      type: err.type,
      ...(err.errors ? { errors: err.errors } : {}),
      ...(err.details ? { details: err.details } : {}),
      ...(err instanceof MissingRatesError ? { skills: err.skills } : {}),
      ...(err instanceof TooManyRequestsError || err instanceof ServiceUnavailableError
        ? { retryAfter: err.retryAfterSeconds }
        : {}),
    };
  }
  if (err instanceof z.ZodError) {
    const errors = fieldErrors(err);
    return {
      status: 422,
      message: Object.values(errors)[0]?.[0] ?? "The given data was invalid.",
      type: "validation_error",
      errors,
    };
  }
  // Issue 27: the database restarting or unreachable is an outage to wait out, not a bug.
  if (isDatabaseUnavailable(err)) {
    noteDatabaseDown();
    return databaseUnavailableBody();
  }
  return databaseError(err) ?? { status: 500, message: SERVER_ERROR_MESSAGE, type: "server_error" };
}

/** 503 with Retry-After: the database cannot be reached (lib/services/outage/database.ts). */
export const databaseUnavailableBody = (): ErrorBody => ({
  status: 503,
  message: DATABASE_UNAVAILABLE_MESSAGE,
  type: DATABASE_UNAVAILABLE_TYPE,
  retryAfter: DATABASE_RETRY_AFTER_SECONDS,
});

/** True when the error is ours to fix (a bug or an outage), not the caller's. */
export const isServerError = (body: ErrorBody) => body.status >= 500;

/** The SQLSTATE of a PostgreSQL error, also when drizzle wrapped it (its `cause`). */
export function sqlState(err: unknown): string | null {
  for (let e = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/**
 * Database errors that bad input or a concurrent write can still cause after validation
 * (constraint races, out-of-range numbers): the caller's problem or a retry, never a 500.
 */
function databaseError(err: unknown): ErrorBody | null {
  const code = sqlState(err);
  if (!code) return null;
  if (code === "23505")
    return { status: 409, message: "This record already exists.", type: "duplicate" };
  if (code === "23503")
    return {
      status: 422,
      message: "A referenced record does not exist or is still in use.",
      type: "invalid_reference",
    };
  // Class 22, data exception: numeric out of range, bad text representation, bad date…
  if (code.startsWith("22"))
    return {
      status: 422,
      message: "A value is out of range or has the wrong format.",
      type: "validation_error",
    };
  if (code === "40001" || code === "40P01")
    return {
      status: 409,
      message: "The record was changed at the same time. Please try again.",
      type: "conflict",
    };
  return null;
}
