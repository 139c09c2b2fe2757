import { describe, expect, it } from "vitest";
import { schema } from "@/db";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { ctxFor } from "@/lib/testing/fixtures";
import { createUser } from "@/lib/testing/fixtures";
import { applyOn, insertJob } from "@/lib/testing/jobs-fixtures";
import { ROLE } from "@/lib/domain/permissions";
import { companyOverview, getCompany, listCompanies, listCompanyUsers } from ".";
import { listCompanies as pickerList } from "../reference";
import {
  as,
  company,
  db,
  handle,
  ids,
  now,
  setUpCompaniesDatabase,
} from "./companies.test-support";

setUpCompaniesDatabase();

const names = async (userId: number, input: Record<string, unknown> = {}) =>
  (await listCompanies(await as(userId), { perPage: 100, ...input })).items.map((c) => c.name);

describe("listCompanies", () => {
  it("staff see every live company by name; archived ones are gone; the pickers keep their fields", async () => {
    const gone = await company({ name: "Archived Co", deletedAt: now });
    const got = await names(ids.pm);
    expect(got).toEqual([...got].sort((a, b) => a.localeCompare(b)));
    expect(got).toContain("Alpha Events");
    expect(got).toContain("Beta Arena");
    expect(got).not.toContain(gone.name);
    const page = await pickerList(await as(ids.crewHandler), { dropdown: 1 });
    expect(page.meta.per_page).toBe(100);
    expect(page.items[0]).toMatchObject({
      id: expect.any(Number),
      name: expect.any(String),
      country_id: expect.any(Number),
    });
  });

  it("10 a page for the screen, with country, branch, key account managers and jobs count", async () => {
    const c = await company({ name: "Gamma Shows", defaultBranchId: ids.branchDk, taxId: "DK1" });
    await db.insert(schema.keyAccountManagers).values({ companyId: c.id, userId: ids.pm });
    await db.insert(schema.jobs).values([
      { name: "J1", companyId: c.id, countryId: ids.dk },
      { name: "J2", companyId: c.id, countryId: ids.dk },
      { name: "J3 gone", companyId: c.id, countryId: ids.dk, deletedAt: now },
    ]);
    const page = await listCompanies(await as(ids.pm), { filter: { name: "gamma" } });
    expect(page.meta).toMatchObject({ per_page: 10, total: 1 });
    expect(page.items[0]).toMatchObject({
      name: "Gamma Shows",
      country: { id: ids.dk, name: "Denmark" },
      default_branch: { id: ids.branchDk, name: "Companies test Aarhus" },
      key_account_managers: [{ id: ids.pm, name: "Peter PM" }],
      jobs_count: 2,
    });
  });

  it("filters by name, tax id and country", async () => {
    expect(await names(ids.pm, { filter: { taxid: "5568123" } })).toEqual(["Beta Arena"]);
    expect(await names(ids.pm, { filter: { countryid: ids.se } })).toEqual(["Beta Arena"]);
    expect(await names(ids.pm, { filter: { name: "ALPHA" } })).toEqual(["Alpha Events"]);
    expect(await names(ids.pm, { filter: { name: "50%_" } })).toEqual([]);
  });

  it("a client contact only ever sees its own company; a worker is refused", async () => {
    expect(await names(ids.colA)).toEqual(["Alpha Events"]);
    expect(await names(ids.colA, { filter: { countryid: ids.se } })).toEqual([]);
    expect(await names(ids.colB)).toEqual(["Beta Arena"]);
    expect((await appErrorOf(listCompanies(await as(ids.worker), {}))).status).toBe(403);
  });

  it("needs three statements whatever the page size (no N+1)", async () => {
    const counting = countingDb(handle);
    const ctx = await ctxFor(counting.db, ids.pm, { now });
    counting.reset();
    await listCompanies(ctx, { perPage: 1 });
    const one = counting.statements();
    counting.reset();
    await listCompanies(ctx, { perPage: 50 });
    expect(counting.statements()).toBe(one);
    expect(one).toBe(3);
  });

  it("rejects a bad page or country filter with 422", async () => {
    expect((await appErrorOf(listCompanies(await as(ids.pm), { page: -1 }))).status).toBe(422);
    expect(
      (await appErrorOf(listCompanies(await as(ids.pm), { filter: { countryid: "x" } }))).status,
    ).toBe(422);
  });
});

describe("getCompany", () => {
  it("staff with company_access and the company's own contact read it", async () => {
    const admin = await getCompany(await as(ids.admin), ids.companyA);
    expect(admin).toMatchObject({ id: ids.companyA, name: "Alpha Events", countryid: ids.dk });
    expect(admin.can).toMatchObject({ edit: true, delete: true, rates: true });
    const own = await getCompany(await as(ids.colA), String(ids.companyA));
    expect(own.name).toBe("Alpha Events");
    expect(own.can).toMatchObject({ edit: false, delete: false, rates: false });
  });

  it("another company's contact gets 404; a worker and a crew handler 403; bad ids 404", async () => {
    expect((await appErrorOf(getCompany(await as(ids.colB), ids.companyA))).status).toBe(404);
    expect((await appErrorOf(getCompany(await as(ids.worker), ids.companyA))).status).toBe(403);
    expect((await appErrorOf(getCompany(await as(ids.crewHandler), ids.companyA))).status).toBe(
      403,
    );
    for (const bad of ["0", "abc", "99999999999", 999999])
      expect((await appErrorOf(getCompany(await as(ids.pm), bad))).status).toBe(404);
    const gone = await company({ deletedAt: now });
    expect((await appErrorOf(getCompany(await as(ids.pm), gone.id))).status).toBe(404);
  });
});

describe("listCompanyUsers", () => {
  it("lists the contacts 5 a page with their roles, for staff and the company's own contact", async () => {
    const c = await company({ name: "Delta Crew" });
    for (let i = 0; i < 6; i++)
      await createUser(db, { roles: [ROLE.client], companyId: c.id, name: `Contact ${i}` });
    const linked = await createUser(db, { roles: [ROLE.client], name: "Linked Contact" });
    await db.insert(schema.companyUsers).values({ companyId: c.id, userId: linked.id });
    const page = await listCompanyUsers(await as(ids.pm), c.id, {});
    expect(page.meta).toMatchObject({ per_page: 5, total: 7, last_page: 2 });
    expect(page.items[0]).toMatchObject({
      name: "Contact 0",
      email: expect.any(String),
      role: [{ title: ROLE.client }],
    });
    const second = await listCompanyUsers(await as(ids.pm), c.id, { page: 2 });
    expect(second.items.map((u) => u.name)).toEqual(["Contact 5", "Linked Contact"]);
    const own = await listCompanyUsers(await as(ids.colA), ids.companyA, {});
    expect(own.items.map((u) => u.id)).toContain(ids.colA);
  });

  it("refuses other companies' contacts (404) and workers (403)", async () => {
    expect((await appErrorOf(listCompanyUsers(await as(ids.colA), ids.companyB, {}))).status).toBe(
      404,
    );
    expect(
      (await appErrorOf(listCompanyUsers(await as(ids.worker), ids.companyA, {}))).status,
    ).toBe(403);
  });
});

describe("companyOverview", () => {
  it("shows the next live jobs and the hours reported this month", async () => {
    const c = await company({ name: "Epsilon Live" });
    const h = 3600_000;
    await db.insert(schema.jobs).values([
      {
        name: "Done",
        companyId: c.id,
        countryId: ids.dk,
        startsAt: new Date(now.getTime() - 48 * h),
        endsAt: new Date(now.getTime() - 40 * h),
      },
      {
        name: "Later",
        companyId: c.id,
        countryId: ids.dk,
        startsAt: new Date(now.getTime() + 48 * h),
        endsAt: new Date(now.getTime() + 56 * h),
      },
      {
        name: "Soon",
        companyId: c.id,
        countryId: ids.dk,
        startsAt: new Date(now.getTime() + 2 * h),
        endsAt: new Date(now.getTime() + 8 * h),
      },
    ]);
    const o = await companyOverview(await as(ids.pm), c.id);
    expect(o.upcoming_jobs.map((j) => j.name)).toEqual(["Soon", "Later"]);
    expect(o.hours_this_month).toBe(0);
    expect((await appErrorOf(companyOverview(await as(ids.colB), c.id))).status).toBe(404);
  });

  it("counts the hours reported this month (in the client's zone) on its jobs only", async () => {
    const c = await company({ name: "Zeta Hours" });
    const other = await company({ name: "Zeta Other" });
    const [skill] = await db.insert(schema.skills).values({ name: "Zeta skill" }).returning();
    const h = 3600_000;
    const report = async (companyId: number, start: Date, hours: number) => {
      const job = await insertJob(db, {
        name: `Zeta job ${start.toISOString()}`,
        companyId,
        countryId: ids.dk,
        shifts: [
          {
            startsAt: start,
            endsAt: new Date(start.getTime() + hours * h),
            slots: [{ skillId: skill.id, positions: 1 }],
          },
        ],
      });
      const slot = job.shifts[0].slots[0].id;
      const app = await applyOn(db, slot, ids.worker, "Reported");
      await db.insert(schema.reportedHours).values({
        applicationId: app,
        shiftSlotId: slot,
        startsAt: start,
        endsAt: new Date(start.getTime() + hours * h),
      });
    };
    // now is 22 November 2026 in Copenhagen: 1 November 00:30 local counts, 31 October does not.
    await report(c.id, new Date("2026-10-31T23:30:00Z"), 6.5);
    await report(c.id, new Date("2026-10-31T12:00:00Z"), 4);
    await report(c.id, new Date("2026-11-20T08:00:00Z"), 2);
    await report(other.id, new Date("2026-11-20T08:00:00Z"), 8);
    const o = await companyOverview(await as(ids.pm), c.id);
    expect(o.hours_this_month).toBe(8.5);
    expect(o.time_zone).toBe("Europe/Copenhagen");
  });
});
