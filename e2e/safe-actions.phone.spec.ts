import { test } from "@playwright/test";
import { removeConfirmUndo } from "./support/safe-actions";

test("at 390 px: remove a booked worker, confirm, undo, and the worker is back as Booked", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await removeConfirmUndo(page, request, 10);
});
