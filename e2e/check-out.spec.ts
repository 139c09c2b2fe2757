import { test } from "@playwright/test";
import { checkOutJourney } from "./support/check-out";

test("a worker checks in before checking out, is asked before an early check-out, undoes it; the PM sees and corrects the times", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await checkOutJourney(page, request, 0);
});
