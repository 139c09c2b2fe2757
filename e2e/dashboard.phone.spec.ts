import { test } from "@playwright/test";
import { dashboardJourney } from "./support/dashboard";

// The same journey at 390 px; its shift lies a day apart from the desktop one, so the two
// runs never compete for the same worker.
test("dashboard on a phone: open positions to the unfilled jobs, book the missing worker", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await dashboardJourney(page, request, { hoursAhead: 6, label: "phone" });
});
