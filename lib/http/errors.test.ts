import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  ConfirmError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthenticatedError,
  ValidationError,
} from "@/lib/services/errors";
import { databaseRecentlyDown, noteDatabaseUp } from "@/lib/services/outage/database";
import { sqlState, toErrorBody } from "./errors";

/** A PostgreSQL error as node-postgres and PGlite throw it, wrapped the way drizzle does. */
const dbError = (code: string) =>
  Object.assign(new Error("Failed query: insert into …"), {
    cause: Object.assign(new Error("db says no"), { code }),
  });

describe("toErrorBody", () => {
  it.each([
    [new ValidationError("Name is required.", { name: ["Name is required."] }), 422],
    [new UnauthenticatedError(), 401],
    [new ForbiddenError(), 403],
    [new NotFoundError("Job not found."), 404],
    [new ConflictError("Already booked."), 409],
    [new ConfirmError("Book anyway?"), 410],
    [new PayloadTooLargeError("The request body is too large."), 413],
  ])("keeps an AppError's status, message, type and field errors (%s)", (err, status) => {
    const body = toErrorBody(err);
    expect(body.status).toBe(status);
    expect(body.message).toBe(err.message);
    expect(body.type).toBe(err.type);
    expect(body.errors).toEqual(err.errors);
    expect(body.retryAfter).toBeUndefined();
  });

  it("gives a 429 its Retry-After seconds", () => {
    expect(toErrorBody(new TooManyRequestsError("Slow down.", 42))).toMatchObject({
      status: 429,
      type: "too_many_requests",
      retryAfter: 42,
    });
  });

  it("turns a ZodError into a 422 with the first message and errors per field", () => {
    const result = z.object({ name: z.string().min(2, "Too short.") }).safeParse({ name: "a" });
    expect(result.success).toBe(false);
    expect(toErrorBody(result.error)).toEqual({
      status: 422,
      message: "Too short.",
      type: "validation_error",
      errors: { name: ["Too short."] },
    });
  });

  it.each([
    ["23505", 409, "duplicate"],
    ["23503", 422, "invalid_reference"],
    ["22P02", 422, "validation_error"],
    ["22003", 422, "validation_error"],
    ["22007", 422, "validation_error"],
    ["22008", 422, "validation_error"],
    ["22001", 422, "validation_error"],
    ["40001", 409, "conflict"],
    ["40P01", 409, "conflict"],
  ])("maps database error %s (wrapped by drizzle) to %i %s", (code, status, type) => {
    expect(toErrorBody(dbError(code))).toMatchObject({ status, type });
    // Unwrapped (a raw pg client error) the same.
    expect(toErrorBody(Object.assign(new Error("raw"), { code }))).toMatchObject({ status, type });
  });

  it("never leaks a database message to the caller", () => {
    expect(toErrorBody(dbError("23505")).message).toBe("This record already exists.");
  });

  it.each([
    ["another database error", dbError("42P01")],
    ["a plain Error", new Error("boom")],
    ["a thrown string", "boom"],
    ["undefined", undefined],
    [
      "a system error code that is not a SQLSTATE",
      Object.assign(new Error("x"), { code: "ENOENT" }),
    ],
  ])("is a 500 with a calm message for %s", (_, err) => {
    expect(toErrorBody(err)).toEqual({
      status: 500,
      message: "Something went wrong on our side. Please try again.",
      type: "server_error",
    });
  });
});

describe("the database out of reach (issue 27)", () => {
  const unavailable = {
    status: 503,
    type: "database_unavailable",
    message:
      "Crewdeck cannot reach its database right now. Nothing was saved. Please try again in a few seconds.",
    retryAfter: 5,
  };
  afterEach(() => noteDatabaseUp());

  it.each([
    ["ECONNREFUSED", Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })],
    ["ECONNRESET", Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" })],
    ["57P01 admin_shutdown (drizzle-wrapped)", dbError("57P01")],
    ["57P02 crash_shutdown", dbError("57P02")],
    ["57P03 cannot_connect_now", dbError("57P03")],
    ["08006 connection failure", dbError("08006")],
    ["Connection terminated unexpectedly", new Error("Connection terminated unexpectedly")],
    ["the pool's connect timeout", new Error("timeout exceeded when trying to connect")],
  ])("%s is a 503 with Retry-After and a calm message, and marks the outage", (_, err) => {
    expect(databaseRecentlyDown()).toBe(false);
    expect(toErrorBody(err)).toEqual(unavailable);
    expect(databaseRecentlyDown()).toBe(true);
  });

  it("leaves the other database errors as they were and marks nothing", () => {
    expect(toErrorBody(dbError("23505"))).toMatchObject({ status: 409 });
    expect(toErrorBody(dbError("42P01"))).toMatchObject({ status: 500 });
    expect(databaseRecentlyDown()).toBe(false);
  });

  it("keeps maintenance's own 503 (an AppError) as it is", () => {
    expect(toErrorBody(new ServiceUnavailableError("Back at 07:00.", 600))).toEqual({
      status: 503,
      type: "maintenance",
      message: "Back at 07:00.",
      retryAfter: 600,
    });
  });
});

describe("sqlState", () => {
  it("finds the code a few causes down and stops at a cycle", () => {
    const inner = Object.assign(new Error("x"), { code: "40P01" });
    expect(sqlState({ cause: { cause: inner } })).toBe("40P01");
    const loop: { cause?: unknown } = {};
    loop.cause = loop;
    expect(sqlState(loop)).toBeNull();
  });
});
