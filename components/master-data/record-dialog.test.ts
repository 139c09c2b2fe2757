import { beforeEach, describe, expect, it, vi } from "vitest";

const toasts: string[] = [];
vi.mock("@/components/ui/toaster", () => ({ notify: { error: (m: string) => toasts.push(m) } }));
vi.mock("next/navigation", () => ({ useRouter: () => ({}) }));

const { FORM_TOO_LARGE, NETWORK_ERROR, SEND_FAILED, runOrNetworkError } =
  await import("./record-dialog");

describe("runOrNetworkError: a save that cannot go through keeps the form", () => {
  beforeEach(() => {
    toasts.length = 0;
  });

  it("does not send a body past the server-action limit", async () => {
    const run = vi.fn(async () => ({ ok: true }));
    const r = await runOrNetworkError(run, { details: "x".repeat(6 * 1024 * 1024) });
    expect(r).toBeNull();
    expect(run).not.toHaveBeenCalled();
    expect(toasts).toEqual([FORM_TOO_LARGE]);
  });

  it("sends a body within the limit and hands back the action's answer", async () => {
    const r = await runOrNetworkError(async () => ({ ok: true }), { details: "x".repeat(20_000) });
    expect(r).toEqual({ ok: true });
    expect(toasts).toEqual([]);
  });

  it("says the network failed when the call never left, and that nothing was saved otherwise", async () => {
    expect(await runOrNetworkError(() => Promise.reject(new TypeError("Failed to fetch")))).toBe(
      null,
    );
    expect(await runOrNetworkError(() => Promise.reject(new Error("Body exceeded limit.")))).toBe(
      null,
    );
    expect(toasts).toEqual([NETWORK_ERROR, SEND_FAILED]);
  });
});
