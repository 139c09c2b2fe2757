import { describe, expect, it } from "vitest";
import { reconnectDelay } from "./listener";

describe("reconnectDelay", () => {
  it("doubles from a quarter second and stops at 30 s", () => {
    expect([0, 1, 2, 3].map(reconnectDelay)).toEqual([250, 500, 1000, 2000]);
    expect(reconnectDelay(7)).toBe(30_000);
    expect(reconnectDelay(50)).toBe(30_000);
  });
});
