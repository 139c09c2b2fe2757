import { test } from "@playwright/test";
import { unusualHoursJourney } from "./support/hours-guard";

test.use({ locale: "en-US", timezoneId: "America/New_York" });

test("on a phone, unusual hours are questioned, corrected, and left out of Approve all that match", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await unusualHoursJourney(page, true);
});
