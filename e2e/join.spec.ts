import { expect, test } from "@playwright/test";
import { apiToken } from "./support/api";
import { ACCOUNTS, acceptCookies, PASSWORD, signIn } from "./support/auth";
import { expectNoSeriousViolations, linkFromMail, uniqueAddress } from "./support/join";

const NEW_PASSWORD = "Fresh-Start#2027";

// One newcomer, start to finish: invited by the demo worker, signs up from the link, confirms
// the address from the mail, signs in to the awaiting-approval dashboard; then forgets the
// password and resets it from the mail.
test.describe.serial("joining and getting back in", () => {
  const email = uniqueAddress("newcomer");

  test("sign up from the invitation link → verify → sign in → awaiting approval", async ({
    page,
    request,
    browser,
  }) => {
    const token = await apiToken(request, ACCOUNTS.worker);
    const invite = await request.post("/api/v2/sendinvitemail", {
      headers: { authorization: `Bearer ${token}` },
      data: { email },
    });
    expect(invite.status(), await invite.text()).toBe(201);
    const signUpLink = await linkFromMail(browser, email, "invites you", "/sign-up?");
    expect(signUpLink).toContain("invitedBy=");

    await acceptCookies(page);
    await page.goto(signUpLink);
    await expect(page.getByRole("heading", { name: "Join the crew" })).toBeVisible();
    await expect(page.getByText("You were invited by William")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expect(page.getByText("This address is free.")).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: "/tmp/shots-join/sign-up-1280.png", fullPage: true });

    await page.getByLabel("First name").fill("Nora");
    await page.getByLabel("Last name").fill("Lind");
    await page.getByLabel("Phone").fill("+45 22 33 44 55");
    await page.getByLabel("Password").fill("weak");
    await expect(page.getByText("At least 8 characters (not yet)")).toBeAttached();
    await page.getByLabel("Password").fill(PASSWORD);
    await expect(page.getByText("At least 8 characters (met)")).toBeAttached();
    await page.getByLabel("Country").selectOption({ label: "Denmark" });
    await page.getByLabel("Branch").selectOption({ label: "Copenhagen" });
    await page.getByRole("checkbox", { name: "Stagehand" }).check();
    await page.getByRole("checkbox", { name: "English" }).check();

    // Without the privacy notice the server refuses, and the screen says why (spec §8).
    await page.getByRole("button", { name: "Create my account" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "You must accept the privacy notice." }).first(),
    ).toBeVisible();

    await page.getByRole("checkbox", { name: /I have read and accept the privacy notice/ }).check();
    await page.getByRole("button", { name: "Create my account" }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByText(/Thank you for signing up!/)).toBeVisible();

    const verifyLink = await linkFromMail(
      browser,
      email,
      "Confirm your e-mail address",
      "/email/verify/",
    );
    await page.goto(verifyLink);
    await expect(page.getByRole("heading", { name: "Confirm your e-mail address" })).toBeVisible();
    await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
    await expect(page).toHaveURL(/\/sign-in\?wasVerified=true$/);
    await expect(
      page.getByText("Your e-mail address is verified. You can sign in now."),
    ).toBeVisible();

    // The link works once.
    await page.goto(verifyLink);
    await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
    await expect(page).toHaveURL(/\/sign-in\?verification=invalid$/);
    await expect(page.getByText(/This confirmation link is invalid/)).toBeVisible();

    await signIn(page, email);
    await expect(page).toHaveURL(/\/my-dashboard$/);
    await expect(page.getByText("Your account is awaiting approval")).toBeVisible();
    await expect(page.getByRole("link", { name: "Add address" })).toBeVisible();
    await expect(page.getByText("Phone number")).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: "/tmp/shots-join/awaiting-1280.png", fullPage: true });
  });

  test("the security tab lists this device; axe is clean", async ({ page }) => {
    await acceptCookies(page);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/my-dashboard$/);
    const rules = await page.request.get("/api/v2/auth/sessions");
    expect(rules.status()).toBe(200);
    const sessions = (await rules.json()).data as { current: boolean }[];
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const me = await page.request.post("/api/v2/auth/login", {
      data: { email, password: PASSWORD },
    });
    const id = (await me.json()).data.id as number;
    await page.goto(`/users/${id}/user-security`);
    await expect(page.getByRole("heading", { name: "Security", level: 2 })).toBeVisible();
    await expect(page.getByText("This device")).toBeVisible();
    await expect(page.getByRole("link", { name: "Turn two-factor login on" })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: "/tmp/shots-join/security-1280.png", fullPage: true });
  });

  test("forgot password → mail → new password; the old password and API token stop working", async ({
    page,
    request,
    browser,
  }) => {
    const oldToken = await apiToken(request, email);
    await acceptCookies(page);
    await page.goto("/sign-in");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/password-reset$/);
    await expectNoSeriousViolations(page);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send me a reset link" }).click();
    await expect(
      page.getByText(
        "If an account exists for this address, we have sent a link to reset the password.",
      ),
    ).toBeVisible();

    const resetLink = await linkFromMail(
      browser,
      email,
      "Reset your Crewdeck password",
      "/password/reset/",
    );
    await page.goto(resetLink);
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: "/tmp/shots-join/new-password-1280.png", fullPage: true });
    await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await page.getByLabel("Repeat the new password").fill("Something#Else1");
    await page.getByRole("button", { name: "Save the new password" }).click();
    await expect(page.getByText("The password confirmation does not match.")).toBeVisible();
    await page.getByLabel("Repeat the new password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Save the new password" }).click();
    await expect(page).toHaveURL(/\/sign-in\?passwordChanged=true$/);
    await expect(
      page.getByText("Your password has been changed. Sign in with the new one."),
    ).toBeVisible();

    const old = await request.get("/api/v2/rules", {
      headers: { authorization: `Bearer ${oldToken}` },
    });
    expect(old.status()).toBe(401);

    await signIn(page, email, PASSWORD);
    await expect(page.getByText("These credentials do not match our records.")).toBeVisible();
    await signIn(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/my-dashboard$/);

    // The same link does not work twice, and says so as it opens (issue 23).
    await page.context().clearCookies();
    await page.goto(resetLink);
    await expect(page.getByRole("heading", { name: "This link cannot be used" })).toBeVisible();
    await expect(page.getByText(/This password link was already used/)).toBeVisible();
    await expect(page.getByLabel(/^New password/)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute(
      "href",
      "/password-reset",
    );
  });
});
