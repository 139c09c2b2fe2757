import { test } from "@playwright/test";
import { approvalsJourney } from "./support/approvals";

test("on a phone, Edit hours refuses junk and Approve all that match the plan asks first and can be undone", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await approvalsJourney(page, request, true);
});
