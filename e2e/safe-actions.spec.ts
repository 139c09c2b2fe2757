import { test } from "@playwright/test";
import { removeConfirmUndo } from "./support/safe-actions";

test("the PM removes a booked worker, confirms, undoes it, and the worker is back as Booked; Draft asks first", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await removeConfirmUndo(page, request, 9, { askDraft: true });
});
