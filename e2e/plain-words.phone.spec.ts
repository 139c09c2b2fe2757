import { test } from "@playwright/test";
import {
  activityLogInWords,
  applicantsFit,
  badResetLink,
  refusedPageExplains,
  serverErrorScreen,
  venuesOnAPhone,
} from "./support/plain-words";

// Issue 23 on a phone (390 px).
test("at 390 px the applicants are cards with Details and Approve, and approving asks first", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await applicantsFit(page, [390]);
});

test("at 390 px the 500 screen is plain, with Try again and Go back", async ({ page }) => {
  await serverErrorScreen(page);
});

test("at 390 px a made-up password link says so as it opens", async ({ page }) => {
  await badResetLink(page);
});

test("at 390 px a refused page explains itself where it lands", async ({ page }) => {
  test.setTimeout(120_000);
  await refusedPageExplains(page);
});

test("at 390 px the activity log names subjects and kinds in words", async ({ page }) => {
  test.setTimeout(120_000);
  await activityLogInWords(page);
});

test("at 390 px each venue card has its main step and a menu of the others", async ({ page }) => {
  await venuesOnAPhone(page);
});
