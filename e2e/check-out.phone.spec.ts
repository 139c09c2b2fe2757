import { test } from "@playwright/test";
import { checkOutJourney } from "./support/check-out";

test("at 390 px: check in, the early check-out question, undo, and the PM's correction", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await checkOutJourney(page, request, 1);
});
