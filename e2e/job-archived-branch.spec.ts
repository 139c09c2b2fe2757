import { expect, test } from "@playwright/test";
import { ACCOUNTS } from "./support/auth";
import { api, apiToken, copenhagen } from "./support/api";
import { expectAccessible, signedIn } from "./support/page";

const SHOTS = process.env.SHOTS_DIR;

test("a job keeps a branch archived since it was made, named in its edit form", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await apiToken(request, ACCOUNTS.admin);
  const dk = (await api(request, admin, "GET", "countries")).body.data.find(
    (c: { iso_code: string }) => c.iso_code === "DK",
  );
  const company = (await api(request, admin, "GET", "companies?dropdown=1&filter[name]=Nordlys"))
    .body.data[0];
  const stagehand = (await api(request, admin, "GET", "sub-skills")).body.data.find(
    (s: { name: string }) => s.name === "Stagehand",
  );
  const name = `Roskilde ${Date.now().toString(36)}`;
  const branch = await api(request, admin, "POST", "branches", { name, country_id: dk.id });
  expect(branch.status).toBe(201);
  // Twenty days ahead, 08:00 – 16:00 in Copenhagen (about: UTC+1).
  const day = new Date(Date.now() + 20 * 24 * 3_600_000);
  day.setUTCHours(7, 0, 0, 0);
  const at = copenhagen(day);
  const job = await api(request, admin, "POST", "jobs", {
    name: `E2E archived branch ${Date.now().toString(36)}`,
    company_id: company.id,
    country_id: dk.id,
    book_from_branches: [branch.body.data.id],
    shifts: [
      {
        startDate: at.date,
        start: at.time,
        endHour: "16:00",
        slots: [{ skill_id: stagehand.id, qty: 1 }],
      },
    ],
  });
  expect(job.status, JSON.stringify(job.body)).toBe(201);
  const archived = await api(request, admin, "DELETE", `branches/${branch.body.data.id}`);
  expect(archived.body.data).toMatchObject({ archived: true });

  await signedIn(page, ACCOUNTS.pm);
  await page.goto(`/jobs/${job.body.data.id}/edit`);
  const branches = page.getByRole("group", { name: "Book from branches" });
  const kept = branches.getByRole("checkbox", { name: `${name} (archived)` });
  await expect(kept).toBeChecked();
  await expectAccessible(page);
  if (SHOTS) {
    await branches.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/job-edit-archived-branch-1280.png` });
  }
  // Saving keeps it; unticking it lets it go for good.
  await kept.uncheck();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${job.body.data.id}/shifts$`));
  const form = await api(request, admin, "GET", `jobs/edit?id=${job.body.data.id}`);
  expect(form.body.data.book_from_branches).toEqual([]);
});
