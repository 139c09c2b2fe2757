/**
 * Typed errors of the business layer (DESIGN.md §3). Adapters map them to HTTP statuses
 * (route handlers) or to `{ ok: false, … }` results (server actions).
 */
export type FieldErrors = Record<string, string[]>;

export abstract class AppError extends Error {
  abstract readonly status: number;
  readonly type: string;
  readonly errors?: FieldErrors;
  /** Facts a caller may act on (e.g. the difference of unusual hours), sent as `details`. */
  details?: Record<string, unknown>;
  constructor(message: string, type: string, errors?: FieldErrors) {
    super(message);
    this.type = type;
    this.errors = errors;
  }
}

export class ValidationError extends AppError {
  readonly status = 422;
  constructor(message: string, errors?: FieldErrors, type = "validation_error") {
    super(message, type, errors);
  }
}

export class BadRequestError extends AppError {
  readonly status = 400;
  constructor(message: string, type = "bad_request") {
    super(message, type);
  }
}

export class UnauthenticatedError extends AppError {
  readonly status = 401;
  constructor(message = "Unauthenticated.", type = "unauthenticated") {
    super(message, type);
  }
}

export class ForbiddenError extends AppError {
  readonly status = 403;
  constructor(message = "You do not have permission to do this.", type = "forbidden") {
    super(message, type);
  }
}

export class NotFoundError extends AppError {
  readonly status = 404;
  constructor(message = "Not found.", type = "not_found") {
    super(message, type);
  }
}

export class ConflictError extends AppError {
  readonly status = 409;
  constructor(message: string, type = "conflict") {
    super(message, type);
  }
}

/** A warning the caller may override by repeating the call with a flag (e.g. `closely`). */
export class ConfirmError extends AppError {
  readonly status = 410;
  constructor(message: string, type = "confirm_required", details?: Record<string, unknown>) {
    super(message, type);
    if (details) this.details = details;
  }
}

/**
 * 410 type `MissingRates` (spec §8, issue 24): the call cannot price what it was asked for
 * because these skills have no rate; the body names them (`skills`) so the screen can link
 * each to the rate card. Nothing was written.
 */
export class MissingRatesError extends AppError {
  readonly status = 410;
  readonly skills: { id: number; name: string }[];
  constructor(
    message: string,
    skills: { id: number; name: string }[],
    details?: Record<string, unknown>,
  ) {
    super(message, "MissingRates");
    this.skills = skills;
    if (details) this.details = details;
  }
}

/**
 * The request body is larger than the call accepts (the byte-limited reader of lib/http/body.ts):
 * nothing past the limit was read, nothing was written.
 */
export class PayloadTooLargeError extends AppError {
  readonly status = 413;
  constructor(message = "The request body is too large.") {
    super(message, "payload_too_large");
  }
}

export class TooManyRequestsError extends AppError {
  readonly status = 429;
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(message, "too_many_requests");
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The service is closed for maintenance (everyone but administrators); retry later. */
export class ServiceUnavailableError extends AppError {
  readonly status = 503;
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number, type = "maintenance") {
    super(message, type);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
