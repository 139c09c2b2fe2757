import { expect, test, type Locator, type Page } from "@playwright/test";
import { ACCOUNTS } from "./support/auth";
import { api, apiToken } from "./support/api";
import { signedIn } from "./support/page";

/*
 * What a hand-edited or stale URL answers: an id that cannot be served is the 404 screen with
 * HTTP status 404 (not a 200 that streams the 404 screen later, and never the 500 screen); a
 * bad filter or page on a list is left out, while the REST API answers 422 for it.
 */

async function expectNotFound(page: Page, path: string) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" }), path).toBeVisible();
}

/**
 * The same answer read without drawing it (the session's cookies, the server's HTML): the
 * long lists of bad ids below only need the status and the screen's heading, and a browser
 * navigation each cost a second of CI.
 */
async function expectNotFoundHtml(page: Page, path: string) {
  const res = await page.request.get(path, { maxRedirects: 0 });
  expect(res.status(), path).toBe(404);
  // The screen is drawn from the flight data in the HTML, which carries its heading.
  expect(await res.text(), path).toContain("Page not found");
}

const BAD_IDS = ["99999999999", "abc", "0", "-1", "1.5", "2147483648"];

test("an id that cannot be served answers 404 on every page with an id", async ({ page }) => {
  test.setTimeout(180_000);
  await signedIn(page, ACCOUNTS.admin);
  const paths = BAD_IDS.flatMap((id) => [`/jobs/${id}`, `/jobs/${id}/shifts`]);
  paths.push(
    "/jobs/2147483647/shifts",
    "/jobs/abc/book",
    "/jobs/99999999999/job-notes",
    "/jobs/abc/job-projection",
    "/jobs/0/edit",
    "/jobs/2147483647/edit",
    "/jobs/templates/abc",
    "/jobs/templates/0",
    "/jobs/templates/99999999999",
    "/jobs/templates/2147483647",
    "/venues/edit/abc",
    "/venues/edit/0",
    "/venues/edit/99999999999",
    "/venues/edit/2147483647",
    "/client/abc",
    "/client/0",
    "/client/99999999999",
    "/client/2147483647",
    "/client/abc/users",
    "/client/2147483647/preferred-skills",
    "/client/0/venues",
    "/clients/edit/abc",
    "/clients/edit/0",
    "/clients/edit/2147483647",
    "/users/99999999999/my-documents",
    "/users/abc/user-activities",
    "/users/0/my-documents",
    "/help/abc",
    "/help/0",
    "/help/99999999999",
    "/help/2147483647",
    "/help/edit/abc",
    "/help/edit/2147483647",
    "/help/create/abc",
    "/help/create/2147483647",
    "/client/abc/rates",
    "/client/0/rates",
    "/client/99999999999/rates",
    "/client/2147483647/rates",
    "/jobs/abc/client-rates",
    "/jobs/0/worker-rates",
    "/jobs/99999999999/client-rates",
    "/jobs/2147483647/worker-rates",
  );
  await expectNotFound(page, paths[0]);
  for (const path of paths) await expectNotFoundHtml(page, path);

  // A job that exists still opens, with its tabs.
  const token = await apiToken(page.request, ACCOUNTS.admin);
  const jobs = await api(page.request, token, "GET", "jobs?perPage=1");
  const id = jobs.body.data[0].id as number;
  for (const path of [`/jobs/${id}/shifts`, `/jobs/${id}/book`, `/jobs/${id}/edit`]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
  }
});

test("a client contact opening another company's job gets a 404", async ({ page }) => {
  await signedIn(page, ACCOUNTS.col);
  const colToken = await apiToken(page.request, ACCOUNTS.col);
  const own = await api(page.request, colToken, "GET", "jobs?perPage=100");
  expect(own.status).toBe(200);
  const ownCompanies = new Set(own.body.data.map((j: { company: { id: number } }) => j.company.id));
  const adminToken = await apiToken(page.request, ACCOUNTS.admin);
  const all = await api(page.request, adminToken, "GET", "jobs?perPage=100");
  const foreign = all.body.data.find(
    (j: { company: { id: number } }) => !ownCompanies.has(j.company.id),
  ) as { id: number } | undefined;
  expect(foreign, "the demo seed has jobs of other companies").toBeTruthy();
  await expectNotFound(page, `/jobs/${foreign!.id}/shifts`);
  await expectNotFound(page, `/jobs/${foreign!.id}`);
});

test("bad list query values show the list on screens and are a 422 in the API", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signedIn(page, ACCOUNTS.admin);
  for (const path of [
    "/jobs?page=0",
    "/jobs?page=abc",
    "/jobs?status=zzz",
    "/jobs?company_id=abc",
    "/jobs?branch=99999999999&country_id=-1",
    "/approvals?job_id=99999999999",
    "/approvals?company_id=abc&page=0",
    "/jobs/templates?page=-1",
    "/jobs/templates?company=abc",
    "/venues?tab=all&page=0&company_id=abc&status=zzz",
    "/clients?page=-1&countryid=abc&name=%00",
    "/dresscodes?page=abc",
    "/applicants?page=abc&search=%00",
    "/approvals?type=documents&page=0",
    "/approvals?type=venues&page=-1",
    "/approvals?type=zzz",
    "/freelancers?page=0&skill=abc&level=99999999999&sort=zzz&documents=maybe",
    "/activity-log?page=-1&log_name=zzz&from=abc",
    "/document-types?page=abc",
    "/levels?page=abc&search=%00",
    "/languages?page=-1",
    "/equipment-categories?page=0",
    "/skills?page=abc",
    "/countries?page=abc&operational=maybe",
    "/branches?page=0&country=abc&archived=zzz",
  ]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    await expect(page.getByRole("search"), path).toBeVisible();
    await expect(page.getByText(/Something went wrong|could not be shown/), path).toHaveCount(0);
  }

  // The other lists and screens that read the URL: clamped or left out, never an error screen.
  for (const path of [
    "/users?page=-1&role=abc&status=zzz&search=%00",
    "/roles?page=abc",
    "/permissions?page=-1&search=%00",
    "/help?search=%00&category=abc&page=-1",
    "/help-categories?page=0",
    "/on-call?page=abc&date=zzz",
    "/worker-rates?branch=abc&level=zzz&user=-1",
    "/settings?tab=zzz",
    "/dashboard?from=abc&to=zzz",
    "/jobs/create?template=abc&company=-1",
  ]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
    await expect(page.getByText(/Something went wrong|could not be shown/), path).toHaveCount(0);
  }

  // A page past the end says so, without "Showing 11–16 of 16" for rows that are not there.
  await page.goto("/jobs?page=9999");
  await expect(page.getByText("Page 9999 is past the end of the list")).toBeVisible();
  await expect(page.getByText(/^Showing/)).toHaveCount(0);
  await page.getByRole("button", { name: "Go to the last page" }).click();
  await expect(page).not.toHaveURL(/page=9999/);
  await expect(page.getByRole("table")).toBeVisible();

  const token = await apiToken(page.request, ACCOUNTS.admin);
  for (const path of [
    "jobs?page=0",
    "jobs?page=abc",
    "jobs?filter[status]=zzz",
    "jobs?filter[company_id]=abc",
    "approvals?filter[job_id]=99999999999",
    "job-templates?page=-1",
    "countries?page=abc",
    "branches?page=1&filter[country_id]=abc",
  ]) {
    const res = await api(page.request, token, "GET", path);
    expect(res.status, path).toBe(422);
    expect(res.body.type, path).toBe("validation_error");
  }
});

test("the filter bar keeps its state in the URL and starts again at page 1", async ({ page }) => {
  await signedIn(page, ACCOUNTS.admin);
  await page.goto("/jobs?page=2");
  const bar = page.getByRole("search", { name: "Filter jobs" });
  // Typing applies once the typing pauses; the page number is dropped.
  await fillApplied(
    page,
    bar.getByLabel("Search"),
    "zzzz-no-such-job",
    /[?&]search=zzzz-no-such-job/,
  );
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.getByText("No upcoming jobs match these filters.")).toBeVisible();
  await page.reload();
  await expect(bar.getByLabel("Search")).toHaveValue("zzzz-no-such-job");
  await bar.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).not.toHaveURL(/search=/);
  await expect(bar.getByLabel("Search")).toHaveValue("");

  await page.goto("/approvals");
  const approvals = page.getByRole("search", { name: "Filter approvals" });
  await fillApplied(page, approvals.getByLabel("Shifts from"), "31/01/2026", /from=31%2F01%2F2026/);
  await expect(approvals.getByLabel("Shifts from")).toHaveValue("31/01/2026");
});

/**
 * Fills a filter and waits for the URL to take it. Right after a navigation the field may not be
 * hydrated yet (the value lands in the DOM without React seeing it), so it is filled again
 * until the URL follows.
 */
async function fillApplied(page: Page, field: Locator, value: string, url: RegExp) {
  await expect(async () => {
    await field.fill("");
    await field.fill(value);
    await expect(page).toHaveURL(url, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

test("a worker's screens clamp bad list values and 404 an unknown tab", async ({ page }) => {
  await signedIn(page, ACCOUNTS.worker);
  for (const path of [
    "/my-dashboard/new?page=abc&skill=zzz",
    "/my-dashboard/past?page=-1",
    "/my-dashboard/pending?page=0",
    "/my-dashboard/my?page=99999999999",
    "/help?search=%00&page=abc",
  ]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    await expect(page.getByText(/Something went wrong|could not be shown/), path).toHaveCount(0);
  }
  await expectNotFound(page, "/users/me/zzz");
});
