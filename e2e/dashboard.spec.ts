import { test } from "@playwright/test";
import { dashboardJourney } from "./support/dashboard";

test("dashboard: open positions lead to the unfilled jobs, the missing worker is booked, a late check-in shows", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await dashboardJourney(page, request, { hoursAhead: 30, label: "desktop" });
});
