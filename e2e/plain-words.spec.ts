import { test } from "@playwright/test";
import {
  activityLogInWords,
  applicantsFit,
  badResetLink,
  refusedPageExplains,
  serverErrorScreen,
  settingsSayHowTheySave,
  venuesOpenInPlace,
} from "./support/plain-words";

// Issue 23 at a desk: 1280 px, and 1024 px for the applicants list.
test("the applicants list keeps names and Approve on screen at 1280 and 1024 px, and asks before approving", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await applicantsFit(page, [1280, 1024]);
});

test("the 500 screen is plain, with Try again and Go back", async ({ page }) => {
  await serverErrorScreen(page);
});

test("a made-up password link says so as it opens", async ({ page }) => {
  await badResetLink(page);
});

test("a refused page explains itself where it lands", async ({ page }) => {
  test.setTimeout(120_000);
  await refusedPageExplains(page);
});

test("/venues opens without a redirect, on the venues awaiting approval", async ({ page }) => {
  await venuesOpenInPlace(page);
});

test("/settings says how it saves", async ({ page }) => {
  await settingsSayHowTheySave(page);
});

test("the activity log names subjects and kinds in words", async ({ page }) => {
  test.setTimeout(120_000);
  await activityLogInWords(page);
});
