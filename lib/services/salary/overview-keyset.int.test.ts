import { beforeAll, describe, expect, it } from "vitest";
import { schema } from "@/db";
import { countingDb } from "@/lib/testing/counting-db";
import { appErrorOf } from "@/lib/testing/app-error";
import { ctxFor } from "@/lib/testing/fixtures";
import type { Ctx } from "../context";
import { BAD_CURSOR, OTHER_ORDER_CURSOR } from "../cursor";
import { salaryOverview } from ".";
import { db, handle, k, setupSalaryWorld } from "./salary.test-support";

setupSalaryWorld();

// The salary overview by cursor (issue 27), every sort and each way the overview reads its
// workers: a whole month by name (salary_month_workers), another period or a search (the lines),
// by hours (the period's minutes per worker). Names and minutes repeat, so ties decide.

const MAY = { from: "2032-05-01", to: "2032-05-31" };
/** Not a whole month: read from the lines. */
const MAY_LINES = { from: "2032-05-01", to: "2032-05-30" };
let counting: ReturnType<typeof countingDb>;
let admin: Ctx;

beforeAll(async () => {
  const skill = await k.newSkill();
  // 60 workers, 20 names three times each (differing in case), 1–4 hours each.
  const users = await db
    .insert(schema.users)
    .values(
      Array.from({ length: 60 }, (_, i) => ({
        name: `${i % 3 ? "K" : "k"}ey${String(i % 20).padStart(2, "0")} Keytest`,
        email: `keytest${i}@example.test`,
        passwordHash: "x",
      })),
    )
    .returning({ id: schema.users.id });
  await db.insert(schema.salaryLines).values(
    users.map((u, i) => ({
      userId: u.id,
      skillId: skill,
      workDate: "2032-05-10",
      startsAt: new Date("2032-05-10T08:00:00Z"),
      endsAt: new Date("2032-05-10T09:00:00Z"),
      currencyCode: "DKK",
      standardMinutes: 60 * ((i % 4) + 1),
      standardRate: 10000,
      rateSource: "test",
      amount: 10000,
    })),
  );
  counting = countingDb(handle);
  admin = await ctxFor(counting.db, k.w.admin);
});

const cases = [
  ["a whole month", MAY],
  ["the lines", MAY_LINES],
  ["a search", { ...MAY, search: "keytest" }],
] as const;
const ids = (items: { user_id: number }[]) => items.map((i) => i.user_id);

describe("GET salary by cursor", () => {
  for (const [how, filter] of cases)
    for (const sort of ["name", "-name", "hours", "-hours"])
      it(`${sort} over ${how}: each next page is the offset's page, in two statements`, async () => {
        const perPage = 7;
        const byOffset = async (page: number) =>
          ids((await salaryOverview(admin, { filter, sort, page, perPage })).items);
        let res = await salaryOverview(admin, { filter, sort, perPage, cursor: "start" });
        const walked = ids(res.items);
        for (let page = 2; res.meta.next_cursor; page++) {
          counting.reset();
          res = await salaryOverview(admin, {
            filter,
            sort,
            perPage,
            page,
            cursor: res.meta.next_cursor,
          });
          expect(counting.statements()).toBe(2);
          expect(ids(res.items), `page ${page}`).toEqual(await byOffset(page));
          expect(res.meta).toMatchObject({ current_page: page, total: 60 });
          walked.push(...ids(res.items));
        }
        expect(walked).toEqual(
          ids((await salaryOverview(admin, { filter, sort, perPage: 100 })).items),
        );
        expect(new Set(walked).size).toBe(60);
      });

  it("refuses a cursor of another sort or filter, or one it did not give, with a 400", async () => {
    const cursor = (await salaryOverview(admin, { filter: MAY, perPage: 5, cursor: "start" })).meta
      .next_cursor!;
    for (const other of [
      { filter: MAY, sort: "-name" },
      { filter: MAY, sort: "hours" },
      { filter: MAY_LINES },
      { filter: { ...MAY, search: "key" } },
      { filter: { ...MAY, branch_id: k.branchA } },
    ]) {
      const err = await appErrorOf(salaryOverview(admin, { ...other, cursor }));
      expect([err.status, err.message]).toEqual([400, OTHER_ORDER_CURSOR]);
    }
    for (const bad of ["start.x", `${cursor}x`, cursor.replace(/^./, "A"), "…"]) {
      const err = await appErrorOf(salaryOverview(admin, { filter: MAY, cursor: bad }));
      expect([err.status, err.message]).toEqual([400, BAD_CURSOR]);
    }
  });
});
