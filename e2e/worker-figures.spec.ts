import { test } from "@playwright/test";
import { workerFiguresJourney } from "./support/worker-figures";

test("a worker is warned about rest time before applying, sees its Past badge match its list and its unpaid pay priced", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await workerFiguresJourney(page, request, { daysAhead: 40, label: "desktop" });
});
