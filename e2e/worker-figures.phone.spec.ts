import { test } from "@playwright/test";
import { workerFiguresJourney } from "./support/worker-figures";

test("on a phone, a worker is warned about rest time before applying, sees its Past badge match its list and its unpaid pay priced", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await workerFiguresJourney(page, request, { daysAhead: 44, label: "phone" });
});
