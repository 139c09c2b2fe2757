import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import type { Ctx } from "../context";
import { createArticle, createHelpCategory, helpCentre, saveHelpArticleWeights } from ".";

let handle: DbHandle;
let db: Db;
let admin: Ctx;
let worker: Ctx;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  admin = await ctxFor(db, (await createUser(db, { roles: [ROLE.admin] })).id);
  worker = await ctxFor(db, (await createUser(db, { roles: [ROLE.worker] })).id);
});
afterAll(async () => {
  await handle?.close();
});

async function categoryWith(name: string, titles: string[]) {
  const category = await createHelpCategory(admin, { name, target_roles: [] });
  const ids: number[] = [];
  for (const title of titles)
    ids.push(
      (await createArticle(admin, { title, body: "<p>Text</p>", category_id: category.id })).id,
    );
  return { id: category.id, ids };
}

const titlesIn = async (ctx: Ctx, categoryId: number) =>
  (await helpCentre(ctx, {})).categories
    .find((c) => c.id === categoryId)!
    .articles.map((a) => a.title);

describe("saveHelpArticleWeights", () => {
  it("orders one category's articles in the help centre, for every reader, and logs it", async () => {
    const { id, ids } = await categoryWith("Hours", ["Report", "Edit", "Approve"]);
    expect(await titlesIn(admin, id)).toEqual(["Report", "Edit", "Approve"]);
    const r = await saveHelpArticleWeights(admin, {
      category_id: id,
      ids: [ids[2], ids[0], ids[1]],
    });
    expect(r).toEqual({ ids: [ids[2], ids[0], ids[1]], message: "Weights set successfully" });
    expect(await titlesIn(worker, id)).toEqual(["Approve", "Report", "Edit"]);
    const [log] = await db
      .select()
      .from(schema.activityLog)
      .where(eq(schema.activityLog.description, 'Set the order of 3 articles in "Hours"'));
    expect(log.properties).toEqual({ ids: [ids[2], ids[0], ids[1]] });
  });

  it("refuses a part of the category, another category's article or an unknown category (422), changing nothing", async () => {
    const hours = await categoryWith("Booking", ["Find", "Book", "Move"]);
    const other = await categoryWith("Money", ["Rates", "Pay"]);
    for (const body of [
      { category_id: hours.id, ids: [hours.ids[1], hours.ids[0]] },
      { category_id: hours.id, ids: [hours.ids[2], hours.ids[1], other.ids[0]] },
      { category_id: 999999, ids: hours.ids },
      { category_id: hours.id, ids: [hours.ids[0], hours.ids[0], hours.ids[1]] },
      { category_id: hours.id },
      { ids: hours.ids },
    ]) {
      const err = await appErrorOf(saveHelpArticleWeights(admin, body));
      expect(err.status, JSON.stringify(body)).toBe(422);
    }
    expect(await titlesIn(admin, hours.id)).toEqual(["Find", "Book", "Move"]);
    expect(await titlesIn(admin, other.id)).toEqual(["Rates", "Pay"]);
  });

  it("is refused to a reader without article_edit (403)", async () => {
    const { id, ids } = await categoryWith("Check-in", ["Arrive", "Leave"]);
    const err = await appErrorOf(
      saveHelpArticleWeights(worker, { category_id: id, ids: [ids[1], ids[0]] }),
    );
    expect(err.status).toBe(403);
    expect(await titlesIn(admin, id)).toEqual(["Arrive", "Leave"]);
  });
});
