import { afterEach, describe, expect, it } from "vitest";
import {
  databaseRecentlyDown,
  isDatabaseUnavailable,
  noteDatabaseDown,
  noteDatabaseUp,
} from "./database";

const withCode = (code: string, message = "boom") => Object.assign(new Error(message), { code });
/** As drizzle wraps a driver error: "Failed query: …" with the driver's error as its cause. */
const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: select 1"), { cause });

describe("isDatabaseUnavailable", () => {
  it.each([
    "ECONNREFUSED",
    "ECONNRESET",
    "ETIMEDOUT",
    "EPIPE",
    "57P01",
    "57P02",
    "57P03",
    "53300",
    "08000",
    "08003",
    "08006",
    "08001",
    "08P01",
  ])("code %s is the database out of reach, also wrapped by drizzle", (code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(withCode(code)))).toBe(true);
  });

  it.each([
    "Connection terminated unexpectedly",
    "Connection terminated due to connection timeout",
    "Connection terminated",
    "timeout exceeded when trying to connect",
    "timeout expired",
    "Client has encountered a connection error and is not queryable",
    "Client was closed and is not queryable",
  ])("node-postgres's %j is the database out of reach", (message) => {
    expect(isDatabaseUnavailable(new Error(message))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error(message)))).toBe(true);
  });

  it("finds a refusal inside Node's AggregateError (each address tried)", () => {
    const agg = new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")], "");
    expect(isDatabaseUnavailable(agg)).toBe(true);
  });

  it.each([
    ["23505 unique violation", withCode("23505")],
    ["23503 foreign key", withCode("23503")],
    ["22003 out of range", withCode("22003")],
    ["40001 serialization", withCode("40001")],
    ["42P01 undefined table (a bug)", withCode("42P01")],
    ["57014 query canceled", withCode("57014")],
    ["a plain bug", new TypeError("Cannot read properties of undefined (reading 'id')")],
    ["a message merely mentioning a connection", new Error("The connection to the client failed")],
    ["another timeout", new Error("The session timeout expired")],
  ])("leaves %s alone", (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
    expect(isDatabaseUnavailable(wrapped(err))).toBe(false);
  });

  it("leaves non-errors alone and does not loop on a cause cycle", () => {
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
    const a: { message: string; cause?: unknown } = { message: "a" };
    a.cause = { message: "b", cause: a };
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});

describe("the outage mark the proxy reads", () => {
  afterEach(() => noteDatabaseUp());

  it("is set for a minute after an outage is seen, and cleared by an answer", () => {
    expect(databaseRecentlyDown()).toBe(false);
    noteDatabaseDown(1_000_000);
    expect(databaseRecentlyDown(60_000, 1_030_000)).toBe(true);
    expect(databaseRecentlyDown(60_000, 1_060_000)).toBe(false);
    noteDatabaseDown(1_000_000);
    noteDatabaseUp();
    expect(databaseRecentlyDown(60_000, 1_000_001)).toBe(false);
  });
});
