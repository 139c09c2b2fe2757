import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  ConfirmError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  TooManyRequestsError,
  UnauthenticatedError,
  ValidationError,
} from "@/lib/services/errors";
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
      Object.assign(new Error("x"), { code: "ECONNRESET" }),
    ],
  ])("is a 500 with a calm message for %s", (_, err) => {
    expect(toErrorBody(err)).toEqual({
      status: 500,
      message: "Something went wrong on our side. Please try again.",
      type: "server_error",
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
