import { expect, test } from "@playwright/test";

// Spec §2 "Root view" and §4 "Cookie notice": every screen, public ones included, shows the
// bar pinned to the bottom until "I agree" stores areCookiesAccepted = 'true'.
test("the cookie notice shows on public screens until I agree, also after a reload", async ({
  page,
}) => {
  await page.goto("/sign-in");
  const notice = page.getByRole("region", { name: "Cookie notice" });
  await expect(notice).toBeVisible();
  const box = await notice.boundingBox();
  const viewport = page.viewportSize();
  expect(Math.round(box!.y + box!.height)).toBe(viewport!.height);

  const [policy] = await Promise.all([
    page.waitForEvent("popup"),
    notice.getByRole("link", { name: "cookie policy" }).click(),
  ]);
  await expect(policy).toHaveURL(/\/cookie-policy$/);
  await expect(policy.getByRole("region", { name: "Cookie notice" })).toBeVisible();
  await policy.close();

  await page.goto("/privacy-policy");
  await expect(notice).toBeVisible();
  await notice.getByRole("button", { name: "I agree" }).click();
  await expect(notice).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem("areCookiesAccepted"))).toBe("true");

  // The bar is drawn after hydration: wait for the page to settle before trusting "hidden".
  await page.reload({ waitUntil: "networkidle" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(notice).toBeHidden();
  await page.goto("/sign-in", { waitUntil: "networkidle" });
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect(notice).toBeHidden();
});
