import { expect, type Browser } from "@playwright/test";
import { acceptCookies, ACCOUNTS, signInAs } from "./auth";

export { expectAccessible as expectNoSeriousViolations } from "./page";

/**
 * The outbox as the administrator sees it at /dev/mail (development mode, no SMTP): the link
 * after `path` in the newest mail to `to` whose subject contains `subject`.
 */
export async function linkFromMail(
  browser: Browser,
  to: string,
  subject: string,
  path: string,
): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await acceptCookies(page);
    await signInAs(page, ACCOUNTS.admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    let link = "";
    await expect(async () => {
      await page.goto("/dev/mail");
      const card = page
        .locator("div")
        .filter({ hasText: `To ${to}` })
        .filter({ hasText: subject })
        .last();
      const text = (await card.locator("pre").first().textContent({ timeout: 2000 })) ?? "";
      const m = new RegExp(`https?://[^\\s]*${path.replace(/[/?]/g, "\\$&")}[^\\s]*`).exec(text);
      expect(m, `no ${path} link in the mail to ${to}`).not.toBeNull();
      link = new URL(m![0]).pathname + new URL(m![0]).search;
    }).toPass({ timeout: 20_000 });
    return link;
  } finally {
    await context.close();
  }
}

export const uniqueAddress = (tag: string) =>
  `${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@join.test`;
