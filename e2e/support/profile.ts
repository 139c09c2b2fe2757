import { expect, type Page } from "@playwright/test";
import { PASSWORD } from "./auth";

/** A user's id, from the REST login (the profile URLs carry ids). */
export async function userIdOf(page: Page, email: string): Promise<number> {
  const res = await page.request.post("/api/v2/auth/login", {
    data: { email, password: PASSWORD },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

/** The shared check (e2e/support/page.ts): waits for fade-ins, leaves toasts out. */
export { expectAccessible as expectNoSeriousViolations } from "./page";

export const profileTab = (page: Page, name: string) =>
  page
    .getByRole("navigation", { name: "Profile sections" })
    .getByRole("link", { name, exact: true });

/** A tiny valid PNG (1×1), for the picture upload. */
export const PNG_1x1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
export const PDF_BYTES = Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n");

export const shotDir = "/tmp/shots-profile";
