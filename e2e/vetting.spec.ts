import { expectToast } from "./support/page";
import { expect, test } from "@playwright/test";
import { api, apiToken, copenhagen } from "./support/api";
import { acceptCookies, ACCOUNTS, PASSWORD, signIn, signInAs } from "./support/auth";
import { DOCUMENT_PDF } from "./support/documents";
import { expectNoSeriousViolations, uniqueAddress } from "./support/join";

const DAY = 24 * 3_600_000;

// Issue 11, start to finish: a newcomer registers and uploads two documents; the office sees
// it under /applicants, approves one document and declines the other with a reason in the
// approvals inbox (the newcomer reads the reason), approves the applicant, who can then be
// booked; the activity log shows the approval, the document decisions and the booking.
test("a newcomer is vetted: documents reviewed, approved, booked, and all of it logged", async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const email = uniqueAddress("vetted");
  const lastName = `Vetted${Date.now() % 1_000_000}`;
  const fullName = `Vera ${lastName}`;

  // Registration through the public API, as the sign-up form sends it.
  const options = (await (await request.get("/api/v2/sign-up-options")).json()).data;
  const dk = options.countries.find((c: { name: string }) => c.name === "Denmark");
  const cph = options.branches.find((b: { name: string }) => b.name === "Copenhagen");
  const stagehand = options.skills.find((s: { name: string }) => s.name === "Stagehand");
  const english = options.languages.find((l: { name: string }) => l.name === "English");
  const registered = await request.post("/api/v2/registration", {
    data: {
      first_name: "Vera",
      name: lastName,
      email,
      phone: "+45 31 32 33 34",
      password: PASSWORD,
      country_id: dk.id,
      branch_id: cph.id,
      skills: [stagehand.id],
      languages: [english.id],
      privacy_accepted: true,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);

  // A job for tomorrow with a Stagehand slot: the applicant cannot be booked on it yet.
  const pm = await apiToken(request, ACCOUNTS.pm);
  const companies = await api(request, pm, "GET", "companies?dropdown=1&filter[name]=Nordlys");
  const start = new Date(Date.now() + 3 * DAY);
  start.setUTCHours(8, 0, 0, 0);
  const from = copenhagen(start);
  const job = await api(request, pm, "POST", "jobs", {
    name: `E2E Vetting ${lastName}`,
    company_id: companies.body.data[0].id,
    country_id: dk.id,
    shifts: [
      {
        startDate: from.date,
        start: from.time,
        endHour: copenhagen(new Date(start.getTime() + 6 * 3_600_000)).time,
        slots: [{ skill_id: stagehand.id, qty: 2 }],
      },
    ],
  });
  expect(job.status, JSON.stringify(job.body)).toBe(201);
  const shift = job.body.data.shifts[0];
  const booking = {
    shiftIds: [shift.id],
    shift_slots: [shift.shift_slots[0].id],
    status: "Booked",
  };
  const login = await request.post("/api/v2/auth/login", { data: { email, password: PASSWORD } });
  const newcomerId = (await login.json()).data.id as number;
  const early = await api(request, pm, "POST", "applications", {
    ...booking,
    assignee_id: newcomerId,
  });
  expect(early.status, JSON.stringify(early.body)).toBe(409);
  expect(early.body.type).toBe("worker_unapproved");

  // The newcomer uploads an ID and a work permit.
  const newcomerContext = await browser.newContext();
  const newcomer = await newcomerContext.newPage();
  await acceptCookies(newcomer);
  await signIn(newcomer, email);
  await expect(newcomer).toHaveURL(/\/my-dashboard$/, { timeout: 30_000 });
  await expect(newcomer.getByText("Your account is awaiting approval")).toBeVisible();
  await newcomer.goto("/users/me/my-documents");
  for (const [type, file] of [
    ["ID card/passport", "vera-passport.pdf"],
    ["Work permit", "vera-permit.pdf"],
  ]) {
    // Required types read "(required)" after their name.
    const picker = newcomer.getByLabel("Document type");
    const value = await picker.locator("option", { hasText: type }).getAttribute("value");
    await picker.selectOption(value!);
    await newcomer.getByLabel("Expiry date").fill("31/12/2031");
    await newcomer.getByLabel("File", { exact: true }).setInputFiles({
      name: file,
      mimeType: "application/pdf",
      buffer: DOCUMENT_PDF,
    });
    await newcomer.getByRole("button", { name: "Upload document" }).click();
    await expect(newcomer.getByText(`${type} uploaded`).first()).toBeVisible();
    await expect(newcomer.getByRole("listitem").filter({ hasText: file })).toContainText(
      "Pending review",
    );
  }

  // The office: the applicant under /applicants, its documents in the inbox.
  const officeContext = await browser.newContext();
  const office = await officeContext.newPage();
  await acceptCookies(office);
  await signInAs(office, ACCOUNTS.handler);
  await expect(office).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await office.goto(`/applicants?search=${lastName}`);
  const row = office.getByRole("row").filter({ hasText: fullName });
  await expect(row).toContainText("2 pending");
  await expect(
    office
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: /^Applicants\s*\d+/ }),
  ).toBeVisible();

  await office.goto(`/approvals?type=documents&search=${lastName}`);
  await office.getByRole("button", { name: `Approve ID card/passport of ${fullName}` }).click();
  await expect(office.getByText(`ID card/passport of ${fullName} approved`).first()).toBeVisible();
  await office.getByRole("button", { name: `Decline Work permit of ${fullName}` }).click();
  const decline = office.getByRole("dialog", { name: `Decline Work permit of ${fullName}?` });
  await decline.getByLabel("Reason").fill("The permit scan is unreadable; upload a sharper copy.");
  await decline.getByRole("button", { name: "Decline document" }).click();
  await expect(decline).toBeHidden();
  await expect(office.getByRole("row").filter({ hasText: fullName })).toHaveCount(0);

  // The newcomer reads the reason.
  await newcomer.reload();
  const permit = newcomer.getByRole("listitem").filter({ hasText: "vera-permit.pdf" });
  await expect(permit).toContainText(
    "Reason: The permit scan is unreadable; upload a sharper copy.",
  );
  await expect(
    newcomer.getByRole("listitem").filter({ hasText: "vera-passport.pdf" }),
  ).toContainText("Approved");

  // The office approves the applicant, who can now be booked.
  await office.goto(`/applicants?search=${lastName}`);
  await office.getByRole("button", { name: `Approve ${fullName}` }).click();
  await office
    .getByRole("dialog", { name: `Approve ${fullName} as a freelancer?` })
    .getByRole("button", { name: "Approve", exact: true })
    .click();
  await expectToast(office, "User approved succesfully.");
  await expect(office.getByRole("row").filter({ hasText: fullName })).toHaveCount(0);
  const approvedId = newcomerId;
  const booked = await api(request, pm, "POST", "applications", {
    ...booking,
    assignee_id: approvedId,
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  await newcomer.goto("/my-dashboard");
  await expect(newcomer.getByText("Your account is awaiting approval")).toHaveCount(0);

  // The administrator reads all of it in the activity log, with links to the records.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await acceptCookies(admin);
  await signInAs(admin, ACCOUNTS.admin);
  await expect(admin).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  const log = admin.getByRole("list", { name: "Activity log" });
  await admin.goto("/activity-log?log_name=documents");
  const approvedDoc = log
    .getByRole("listitem")
    .filter({ hasText: `ID card/passport of ${fullName}` });
  await expect(approvedDoc.first()).toBeVisible();
  await expect(
    approvedDoc.first().getByRole("link", { name: "ID card/passport", exact: true }),
  ).toHaveAttribute("href", `/users/${approvedId}/my-documents`);
  await expect(
    log
      .getByRole("listitem")
      .filter({ hasText: `Work permit of ${fullName}` })
      .first(),
  ).toContainText("unreadable");
  await admin.goto("/activity-log?log_name=users");
  const approval = log
    .getByRole("listitem")
    .filter({ hasText: `Approved applicant ${fullName}` })
    .first();
  await expect(approval.getByRole("link", { name: fullName })).toHaveAttribute(
    "href",
    `/users/${approvedId}/personal`,
  );
  await admin.goto("/activity-log?log_name=applications");
  const bookedRow = log.getByRole("listitem").filter({ hasText: fullName }).first();
  await expect(
    bookedRow.getByRole("link", { name: new RegExp(`E2E Vetting ${lastName}$`) }),
  ).toHaveAttribute("href", `/jobs/${job.body.data.id}/shifts`);
  await expectNoSeriousViolations(admin);
  for (const c of [newcomerContext, officeContext, adminContext]) await c.close();
});
