import { expect, test, type APIResponse, type Page } from "@playwright/test";
import { apiToken, api } from "./support/api";
import { ACCOUNTS, signIn } from "./support/auth";

type Headers = Record<string, string>;

/** The headers every response carries (next.config.mjs); no HSTS, the e2e app is on http. */
function expectCommonHeaders(h: Headers) {
  expect(h["x-content-type-options"]).toBe("nosniff");
  expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(h["x-frame-options"]).toBe("DENY");
  expect(h["strict-transport-security"]).toBeUndefined();
}

/** A page's CSP: scripts by nonce only, no framing; returns the nonce. */
function expectPagePolicy(h: Headers): string {
  const csp = h["content-security-policy"];
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("'strict-dynamic'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  return nonce!;
}

test("pages, public pages, API answers and static files carry the security headers", async ({
  page,
  request,
}) => {
  const signInPage = await request.get("/sign-in");
  expect(signInPage.status()).toBe(200);
  expectCommonHeaders(signInPage.headers());
  const nonce = expectPagePolicy(signInPage.headers());
  const html = await signInPage.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  // A fresh nonce per response.
  expect(expectPagePolicy((await request.get("/sign-in")).headers())).not.toBe(nonce);

  const apiAnswer = await request.get("/api/v2/rules");
  expect(apiAnswer.status()).toBe(401);
  expectCommonHeaders(apiAnswer.headers());
  expect(apiAnswer.headers()["content-security-policy"]).toBe(
    "default-src 'none'; frame-ancestors 'none'",
  );

  const asset = /\/_next\/static\/[^"]+\.js/.exec(html)?.[0];
  expect(asset).toBeTruthy();
  const staticFile: APIResponse = await request.get(asset!);
  expect(staticFile.status()).toBe(200);
  expect(staticFile.headers()["x-content-type-options"]).toBe("nosniff");
  expect(staticFile.headers()["x-frame-options"]).toBe("DENY");

  await signIn(page, ACCOUNTS.pm);
  await expect(page).toHaveURL(/\/dashboard$/);
  const dashboard = await page.goto("/dashboard");
  const headers = await dashboard!.allHeaders();
  expectCommonHeaders(headers);
  expectPagePolicy(headers);
});

/** Collects every CSP violation the browser reports on this page. */
function watchViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

test("signing in, the dashboard and a job run under the CSP without a violation", async ({
  page,
  request,
}) => {
  const token = await apiToken(request, ACCOUNTS.pm);
  const jobs = await api(request, token, "GET", "jobs?perPage=1");
  expect(jobs.status).toBe(200);
  const jobId = jobs.body.data[0].id as number;

  await page.addInitScript(() => {
    // Also events that print nothing on the console (e.g. report-only or style attributes).
    document.addEventListener("securitypolicyviolation", (e) =>
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const violations = watchViolations(page);

  await signIn(page, ACCOUNTS.pm); // the form signs in from client code: scripts must run
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard");
  const notice = page.getByRole("region", { name: "Cookie notice" });
  await notice.getByRole("button", { name: "I agree" }).click();
  await expect(notice).toBeHidden();

  await page.goto(`/jobs/${jobId}`);
  await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}(/shifts)?$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // A client-side navigation between the job's tabs loads more chunks under the same policy.
  await page.getByRole("link", { name: "Book", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}/book$`));
  await page.waitForLoadState("networkidle");

  expect(violations).toEqual([]);
});
