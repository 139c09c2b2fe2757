import { describe, expect, it } from "vitest";
import { PageClientError, clientErrorOf } from "./client-error";

describe("clientErrorOf", () => {
  it("reads back the status and message a page error carries in its digest", () => {
    const err = new PageClientError(409, "The record was changed at the same time; try again.");
    expect(clientErrorOf(err.digest)).toEqual({
      status: 409,
      message: "The record was changed at the same time; try again.",
    });
  });

  it("ignores Next's own digests and missing ones", () => {
    expect(clientErrorOf("NEXT_NOT_FOUND")).toBeNull();
    expect(clientErrorOf("1234567890")).toBeNull();
    expect(clientErrorOf(undefined)).toBeNull();
    expect(clientErrorOf("crewdeck-http;500;boom")).toBeNull();
  });
});
