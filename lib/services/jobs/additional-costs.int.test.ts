import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { schema, type DbHandle } from "@/db";
import { testDatabase } from "@/lib/testing/db";
import { ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { makeCtx } from "../context";
import { createJobWorld, insertJob, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { equipmentCategoryChoices, listAdditionalCosts } from "./additional-costs";
import { deleteAdditionalCost, saveAdditionalCost } from "./additional-costs-write";
import { fetchJobForView } from "./view";

const t0 = new Date("2026-11-22T09:00:00Z");
let handle: DbHandle;
let w: JobWorld;
let rigging: number;
let lighting: number;
let archivedCategory: number;

beforeAll(async () => {
  handle = await testDatabase();
  w = await createJobWorld(handle.db);
  const rows = await handle.db
    .insert(schema.equipmentCategories)
    .values([{ name: "Rigging" }, { name: "Lighting" }, { name: "Old pallets", archivedAt: t0 }])
    .returning();
  [rigging, lighting, archivedCategory] = rows.map((r) => r.id);
});
afterAll(async () => handle.close());

const ctxOf = (userId: number) => ctxFor(handle.db, userId, { now: t0 });
const newJob = async (name = "Costs job") =>
  (await insertJob(handle.db, { name, companyId: w.companyA, countryId: w.countryId, shifts: [] }))
    .id;
const lastLog = async (jobId: number) =>
  (
    await handle.db
      .select()
      .from(schema.activityLog)
      .where(
        and(eq(schema.activityLog.subjectType, "jobs"), eq(schema.activityLog.subjectId, jobId)),
      )
      .orderBy(desc(schema.activityLog.id))
      .limit(1)
  )[0];

describe("saveAdditionalCost and listAdditionalCosts", () => {
  it("adds costs in the job's currency and totals them per category and overall", async () => {
    const jobId = await newJob("Tech Summit");
    const pm = await ctxOf(w.pm);
    const van = await saveAdditionalCost(pm, jobId, {
      category: "travel",
      amount: 450000,
      note: "  Van hire (Sprinter, 3 days) ",
    });
    expect(van).toMatchObject({
      job_id: jobId,
      category: "travel",
      category_label: "Travel",
      equipment_category: null,
      note: "Van hire (Sprinter, 3 days)",
      quantity: 1,
      amount: 450000,
      total: 450000,
      currency: "DKK",
      created_by: { id: w.pm, name: "Per PM" },
    });
    await saveAdditionalCost(pm, jobId, {
      category: "equipment",
      equipment_category_id: rigging,
      amount: "12050",
      quantity: "3",
    });
    await saveAdditionalCost(await ctxOf(w.admin), jobId, {
      category: "travel",
      amount: 2500,
      quantity: 4,
      note: "",
    });
    const list = await listAdditionalCosts(pm, String(jobId));
    expect(list.currency).toBe("DKK");
    expect(list.digits).toBe(2);
    expect(
      list.items.map((i) => [i.category, i.equipment_category?.name ?? null, i.total]),
    ).toEqual([
      ["travel", null, 450000],
      ["equipment", "Rigging", 36150],
      ["travel", null, 10000],
    ]);
    expect(list.items[2].note).toBeNull();
    expect(list.totals).toEqual({
      by_category: [
        { category: "travel", label: "Travel", total: 460000 },
        { category: "equipment", label: "Equipment", total: 36150 },
        { category: "food", label: "Food", total: 0 },
        { category: "other", label: "Other", total: 0 },
      ],
      total: 496150,
    });
  });

  it("logs what was added and changed with the amounts as money", async () => {
    const jobId = await newJob("Logged job");
    const pm = await ctxOf(w.pm);
    const cost = await saveAdditionalCost(pm, jobId, {
      category: "food",
      amount: 1000,
      quantity: 10,
      note: "Crew hot meal",
    });
    expect((await lastLog(jobId)).description).toBe(
      "Added food cost 10 × 10.00 DKK = 100.00 DKK to Logged job (Crew hot meal)",
    );
    const changed = await saveAdditionalCost(pm, jobId, {
      id: cost.id,
      category: "other",
      amount: 125050,
    });
    expect(changed).toMatchObject({ id: cost.id, category: "other", quantity: 1, note: null });
    const log = await lastLog(jobId);
    expect(log.logName).toBe("jobs");
    expect(log.causerId).toBe(w.pm);
    expect(log.description).toBe(
      "Changed an additional cost of Logged job: food cost 10 × 10.00 DKK = 100.00 DKK → other cost 1,250.50 DKK",
    );
    expect(log.properties).toMatchObject({
      additional_cost_id: cost.id,
      old: { category: "food", amount: 1000, quantity: 10 },
      new: { category: "other", amount: 125050, quantity: 1 },
    });
    expect((await listAdditionalCosts(pm, jobId)).items).toHaveLength(1);
  });

  it("answers 422 per field for bad input, and writes nothing", async () => {
    const jobId = await newJob();
    const pm = await ctxOf(w.pm);
    const cases: [unknown, string, string][] = [
      [{ category: "travel" }, "amount", "The amount field is required."],
      [{ category: "travel", amount: 0 }, "amount", "The amount must be greater than 0."],
      [{ category: "travel", amount: -5 }, "amount", "The amount must be greater than 0."],
      [
        { category: "travel", amount: 12.5 },
        "amount",
        "The amount must be a whole number of minor units (øre, cents).",
      ],
      [{ category: "travel", amount: "abc" }, "amount", "The amount must be a number."],
      [
        { category: "travel", amount: 1_000_000_001 },
        "amount",
        "The amount may not be greater than 1000000000 minor units.",
      ],
      [
        { category: "travel", amount: 100, quantity: 0 },
        "quantity",
        "The quantity must be at least 1.",
      ],
      [
        { category: "travel", amount: 100, quantity: 10_001 },
        "quantity",
        "The quantity may not be greater than 10000.",
      ],
      [
        { category: "hotel", amount: 100 },
        "category",
        "The category must be travel, equipment, food or other.",
      ],
      [{ amount: 100 }, "category", "The category must be travel, equipment, food or other."],
      [
        { category: "equipment", amount: 100 },
        "equipment_category_id",
        "Choose the kind of equipment.",
      ],
      [
        { category: "food", amount: 100, equipment_category_id: rigging },
        "equipment_category_id",
        "Only equipment costs name an equipment category.",
      ],
      [
        { category: "equipment", amount: 100, equipment_category_id: archivedCategory },
        "equipment_category_id",
        "The selected equipment category does not exist.",
      ],
      [
        { category: "equipment", amount: 100, equipment_category_id: 99_999_999 },
        "equipment_category_id",
        "The selected equipment category does not exist.",
      ],
      [
        { category: "other", amount: 100, note: "x".repeat(2001) },
        "note",
        "The note may be at most 2,000 characters.",
      ],
    ];
    for (const [input, field, message] of cases) {
      const err = await appErrorOf(saveAdditionalCost(pm, jobId, input));
      expect(err.status, JSON.stringify(input)).toBe(422);
      expect(err.errors?.[field], JSON.stringify(input)).toEqual([message]);
    }
    expect((await listAdditionalCosts(pm, jobId)).items).toHaveLength(0);
  });

  it("keeps an archived equipment category a cost already names, but offers only live ones", async () => {
    const jobId = await newJob();
    const [old] = await handle.db
      .insert(schema.additionalCosts)
      .values({
        jobId,
        category: "equipment",
        equipmentCategoryId: archivedCategory,
        unitAmount: 5000,
        currencyCode: "DKK",
      })
      .returning();
    const pm = await ctxOf(w.pm);
    const saved = await saveAdditionalCost(pm, jobId, {
      id: old.id,
      category: "equipment",
      equipment_category_id: archivedCategory,
      amount: 6000,
    });
    expect(saved.equipment_category).toEqual({ id: archivedCategory, name: "Old pallets" });
    const choices = await equipmentCategoryChoices(pm);
    expect(choices.map((c) => c.id)).toEqual([lighting, rigging]);
  });

  it("answers 404 for an unknown job, a bad id, and a cost of another job", async () => {
    const pm = await ctxOf(w.pm);
    for (const bad of [0, "abc", 99_999_999_999, 99_999_999]) {
      expect((await appErrorOf(listAdditionalCosts(pm, bad))).status).toBe(404);
      expect(
        (await appErrorOf(saveAdditionalCost(pm, bad, { category: "food", amount: 1 }))).status,
      ).toBe(404);
    }
    const a = await newJob();
    const b = await newJob();
    const cost = await saveAdditionalCost(pm, a, { category: "food", amount: 100 });
    const err = await appErrorOf(
      saveAdditionalCost(pm, b, { id: cost.id, category: "food", amount: 200 }),
    );
    expect([err.status, err.message]).toEqual([404, "Additional cost not found."]);
    expect((await listAdditionalCosts(pm, a)).items[0].amount).toBe(100);
  });

  it("hides an archived job's costs (404) and refuses changes to them (409)", async () => {
    const pm = await ctxOf(w.pm);
    const jobId = await newJob();
    const cost = await saveAdditionalCost(pm, jobId, { category: "food", amount: 100 });
    await handle.db.update(schema.jobs).set({ deletedAt: t0 }).where(eq(schema.jobs.id, jobId));
    expect((await appErrorOf(listAdditionalCosts(pm, jobId))).status).toBe(404);
    const save = await appErrorOf(saveAdditionalCost(pm, jobId, { category: "food", amount: 5 }));
    expect([save.status, save.message]).toEqual([
      409,
      "This job is archived, so its additional costs can no longer be changed.",
    ]);
    expect((await appErrorOf(deleteAdditionalCost(pm, cost.id))).status).toBe(409);
    const rows = await handle.db
      .select()
      .from(schema.additionalCosts)
      .where(eq(schema.additionalCosts.jobId, jobId));
    expect(rows.map((r) => r.unitAmount)).toEqual([100]);
  });
});

describe("deleteAdditionalCost", () => {
  it("deletes one cost and logs it", async () => {
    const jobId = await newJob("Gala");
    const pm = await ctxOf(w.pm);
    const keep = await saveAdditionalCost(pm, jobId, { category: "food", amount: 100 });
    const gone = await saveAdditionalCost(pm, jobId, {
      category: "travel",
      amount: 25000,
      quantity: 6,
      note: "Taxi home",
    });
    expect(await deleteAdditionalCost(pm, String(gone.id))).toEqual({
      id: gone.id,
      message: "Travel cost 6 × 250.00 DKK = 1,500.00 DKK deleted from Gala",
    });
    expect((await listAdditionalCosts(pm, jobId)).items.map((i) => i.id)).toEqual([keep.id]);
    expect((await lastLog(jobId)).description).toBe(
      "Deleted travel cost 6 × 250.00 DKK = 1,500.00 DKK from Gala (Taxi home)",
    );
    const again = await appErrorOf(deleteAdditionalCost(pm, gone.id));
    expect([again.status, again.message]).toEqual([404, "Additional cost not found."]);
    expect((await appErrorOf(deleteAdditionalCost(pm, "abc"))).status).toBe(404);
  });
});

describe("who may see and change additional costs", () => {
  it("lets administrators and project managers in, and refuses crew handlers, client contacts and workers (403)", async () => {
    const jobId = await newJob();
    const admin = await ctxOf(w.admin);
    const cost = await saveAdditionalCost(admin, jobId, { category: "food", amount: 100 });
    expect((await listAdditionalCosts(admin, jobId)).items).toHaveLength(1);
    expect((await listAdditionalCosts(await ctxOf(w.pm), jobId)).items).toHaveLength(1);
    for (const user of [w.crewHandler, w.colA, w.colB, w.worker, w.colEditorA]) {
      const ctx = await ctxOf(user);
      expect((await appErrorOf(listAdditionalCosts(ctx, jobId))).status).toBe(403);
      expect(
        (await appErrorOf(saveAdditionalCost(ctx, jobId, { category: "food", amount: 1 }))).status,
      ).toBe(403);
      expect((await appErrorOf(deleteAdditionalCost(ctx, cost.id))).status).toBe(403);
      expect((await appErrorOf(equipmentCategoryChoices(ctx))).status).toBe(403);
    }
    expect((await listAdditionalCosts(admin, jobId)).items).toHaveLength(1);
  });

  it("refuses a client contact even when a role grants it the permission", async () => {
    const { ensureRole, giveRole } = await import("@/lib/testing/jobs-fixtures");
    const role = await ensureRole(handle.db, "Client with costs (test)", [
      "can_view_additional_costs",
    ]);
    await giveRole(handle.db, w.colB, role);
    const jobId = await newJob();
    const err = await appErrorOf(listAdditionalCosts(await ctxOf(w.colB), jobId));
    expect(err.status).toBe(403);
  });

  it("shows the job's costs tab to those who may open it", async () => {
    const jobId = await newJob();
    const tab = async (user: number) =>
      (await fetchJobForView(await ctxOf(user), jobId)).can.additional_costs;
    expect(await tab(w.admin)).toBe(true);
    expect(await tab(w.pm)).toBe(true);
    expect(await tab(w.crewHandler)).toBe(false);
    expect(await tab(w.colA)).toBe(false);
  });

  it("answers 401 without a user", async () => {
    const ctx = makeCtx(handle.db, null, { now: t0 });
    expect((await appErrorOf(listAdditionalCosts(ctx, 1))).status).toBe(401);
    expect((await appErrorOf(saveAdditionalCost(ctx, 1, {}))).status).toBe(401);
    expect((await appErrorOf(deleteAdditionalCost(ctx, 1))).status).toBe(401);
  });

  it("lists in a fixed number of queries, however many costs", async () => {
    const jobId = await newJob();
    const pm = await ctxOf(w.pm);
    const count = async () => {
      const counting = countingDb(handle);
      await listAdditionalCosts({ ...pm, db: counting.db }, jobId);
      return counting.statements();
    };
    const empty = await count();
    for (let i = 0; i < 5; i++)
      await saveAdditionalCost(pm, jobId, {
        category: "equipment",
        equipment_category_id: i % 2 ? rigging : lighting,
        amount: 100 + i,
      });
    expect(await count()).toBe(empty);
    // The job, what prices it (its currency) and the costs.
    expect(empty).toBeLessThanOrEqual(4);
  });
});
