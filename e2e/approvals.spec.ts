import { test } from "@playwright/test";
import { approvalsJourney } from "./support/approvals";

test("the office's Edit hours refuses junk and says when nothing changed; Approve all that match the plan asks first and can be undone", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await approvalsJourney(page, request, false);
});
