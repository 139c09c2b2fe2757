import { test } from "@playwright/test";
import { longTextKeepsTheForm } from "./support/text-limits";

test("at 390 px: a 1.2 MB paste into a job's Details is counted and refused in place; the form is kept", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await longTextKeepsTheForm(page);
});
