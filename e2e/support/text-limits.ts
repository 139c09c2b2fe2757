import { expect, type Page } from "@playwright/test";
import { ACCOUNTS } from "./auth";
import { expectAccessible, expectToast, signedIn } from "./page";

/**
 * Issue 23, "Long text loses the form": a planner pastes 1.2 MB into a job's Details. The form
 * keeps everything typed, counts the text against its limit and refuses it in place; a save
 * the server refuses before the action runs (Next's body limit answers a bare 500) keeps the
 * form too, with a toast instead of the error page. Run at 1280 and 390 px.
 */

const PASTE = 1_200_000;

/** With SHOTS_DIR set, a screenshot of the moment, named by the viewport width. */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${page.viewportSize()?.width ?? 0}-${name}.png` });
}

const ddmmyyyy = (daysAhead: number) =>
  new Date(Date.now() + daysAhead * 86_400_000)
    .toISOString()
    .slice(0, 10)
    .split("-")
    .reverse()
    .join("/");

export async function longTextKeepsTheForm(page: Page) {
  await signedIn(page, ACCOUNTS.pm);
  const width = page.viewportSize()?.width ?? 0;
  const name = `Long text gala ${width} ${Date.now().toString(36)}`;

  await page.goto("/jobs/create");
  await page.getByLabel("Job name").fill(name);
  await page.getByLabel("Company").selectOption({ label: "Nordlys Events" });
  await expect(page.getByLabel("Country")).toHaveValue(/\d+/);
  await page.getByLabel("Date of the new shift").fill(ddmmyyyy(12));
  await page.getByRole("button", { name: "Add shift" }).click();
  const first = page.getByRole("group", { name: "Shift 1" });
  await first.getByLabel("Skill", { exact: true }).selectOption({ label: "Stagehand" });
  await first.getByLabel("Positions", { exact: true }).fill("2");
  await first.getByRole("button", { name: "Add slot" }).click();

  // The paste: 1.2 MB into Details. It stays whole in the field, counted against the limit.
  const details = page.getByLabel("Details");
  await details.fill("Load-in notes. ".repeat(PASTE / 15));
  await expect(page.getByText("1,200,000 / 20,000")).toBeVisible();
  await expect(page.getByText("too long")).toBeVisible();

  await page.getByRole("button", { name: "Create job" }).click();
  const error = page.getByText("Details may be at most 20,000 characters");
  await expect(error).toBeVisible();
  await expect(details).toBeFocused();
  await expect(details).toHaveAttribute("aria-invalid", "true");
  // The form is kept: still the create page, every value as typed, no error screen.
  await expect(page).toHaveURL(/\/jobs\/create$/);
  await expect(page.getByLabel("Job name")).toHaveValue(name);
  await expect(
    page.getByRole("group", { name: "Shift 1" }).getByRole("spinbutton", {
      name: "Positions for Stagehand",
    }),
  ).toHaveValue("2");
  await expect(page.getByText("Something went wrong")).toHaveCount(0);
  expect(await details.evaluate((el) => (el as HTMLTextAreaElement).value.length)).toBe(PASTE);
  // The message under the field, clear of the sticky save bar (a third of a phone's screen).
  await error.evaluate((el) => el.scrollIntoView({ block: "center" }));
  await expect(error).toBeInViewport();
  await shot(page, "job-details-too-long");
  await expectAccessible(page);

  // Cut to 19,200 characters: the error goes, the counter says how close it is.
  await details.fill("x".repeat(19_200));
  await expect(error).toHaveCount(0);
  await expect(page.getByText("19,200 / 20,000")).toBeVisible();
  await shot(page, "job-details-near-limit");

  // The server refuses the call before the action runs (as Next does past its body limit):
  // a toast says nothing was saved, and the form stays as it was.
  await page.route("**/jobs/create", (route) =>
    route.request().method() === "POST" && route.request().headers()["next-action"]
      ? route.fulfill({ status: 500, contentType: "text/plain", body: "Body exceeded limit." })
      : route.continue(),
  );
  await page.getByRole("button", { name: "Create job" }).click();
  await expectToast(page, "Nothing was saved: the server could not take this form. Try again.");
  await expect(page).toHaveURL(/\/jobs\/create$/);
  await expect(page.getByLabel("Job name")).toHaveValue(name);
  await expect(details).toHaveValue("x".repeat(19_200));
  await expect(page.getByText("Something went wrong")).toHaveCount(0);
  await shot(page, "job-save-refused");
  await page.unroute("**/jobs/create");

  // Within the limit it saves, whole.
  await page.getByRole("button", { name: "Create job" }).click();
  await expectToast(page, "Job created successfully!");
  await expect(page).toHaveURL(/\/jobs\/\d+/);
}
