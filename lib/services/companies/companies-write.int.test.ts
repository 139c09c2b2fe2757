import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { samplePdf } from "@/seed/data/document-files";
import { getFile, localStore, setFileStore } from "@/lib/files/storage";
import { appErrorOf } from "@/lib/testing/app-error";
import {
  createCompany,
  deleteCompany,
  deleteCompanyFile,
  getCompany,
  getPreferredSkills,
  listCompanies,
  readCompanyFile,
  savePreferredSkills,
  updateCompany,
  uploadCompanyFile,
} from ".";
import {
  INVALID_CVR,
  VALID_CVR,
  activityOf,
  as,
  company,
  db,
  ids,
  setUpCompaniesDatabase,
} from "./companies.test-support";

setUpCompaniesDatabase();

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "crewdeck-companies-"));
  setFileStore(localStore(dir));
});
afterAll(async () => {
  setFileStore(undefined);
  await rm(dir, { recursive: true, force: true });
});

describe("createCompany", () => {
  it("creates a client with its key account managers and logs it", async () => {
    const res = await createCompany(await as(ids.pm), {
      name: "  Nova Events ",
      taxid: VALID_CVR,
      countryid: ids.dk,
      default_branch: ids.branchDk,
      key_account_managers: [ids.pm, ids.crewHandler],
      type_of_work: "Concerts",
      water_policy: "Free water",
    });
    expect(res).toMatchObject({
      name: "Nova Events",
      taxid: VALID_CVR,
      default_branch: { id: ids.branchDk },
      type_of_work: "Concerts",
      water_policy: "Free water",
      message: "Client Nova Events created",
    });
    expect(res.key_account_managers.map((m) => m.id).sort()).toEqual(
      [ids.pm, ids.crewHandler].sort(),
    );
    const log = await activityOf(res.id);
    expect(log).toHaveLength(1);
    expect(log[0].logName).toBe("companies");
  });

  it("checks the tax id against the country's format", async () => {
    const err = await appErrorOf(
      createCompany(await as(ids.pm), { name: "Bad Tax", taxid: INVALID_CVR, countryid: ids.dk }),
    );
    expect(err.status).toBe(422);
    expect(err.errors?.taxid).toEqual(["The tax id is not a valid CVR number for Denmark."]);
    const se = await appErrorOf(
      createCompany(await as(ids.pm), { name: "Bad SE", taxid: VALID_CVR, countryid: ids.se }),
    );
    expect(se.errors?.taxid?.[0]).toMatch(/for Sweden\.$/);
    const ok = await createCompany(await as(ids.pm), {
      name: "Good SE",
      taxid: "556812-3003",
      countryid: ids.se,
    });
    expect(ok.taxid).toBe("556812-3003");
  });

  it("refuses a duplicate name (any case), a closed country, another country's branch, a non-office manager", async () => {
    const ctx = await as(ids.pm);
    const dup = await appErrorOf(createCompany(ctx, { name: "alpha EVENTS", countryid: ids.dk }));
    expect(dup.errors?.name).toEqual(["A client with this name already exists."]);
    const closed = await appErrorOf(createCompany(ctx, { name: "Shut", countryid: ids.closed }));
    expect(closed.errors?.countryid).toBeDefined();
    const branch = await appErrorOf(
      createCompany(ctx, { name: "Wrong Branch", countryid: ids.dk, default_branch: ids.branchSe }),
    );
    expect(branch.errors?.default_branch).toBeDefined();
    for (const manager of [ids.worker, ids.colA]) {
      const kam = await appErrorOf(
        createCompany(ctx, {
          name: "Wrong KAM",
          countryid: ids.dk,
          key_account_managers: [manager],
        }),
      );
      expect(kam.errors?.key_account_managers).toEqual([
        "Key account managers must be office users.",
      ]);
    }
    const missing = await appErrorOf(createCompany(ctx, { countryid: ids.dk }));
    expect(missing.errors?.name).toEqual(["The name field is required."]);
    // An archived company's name is free again.
    await company({ name: "Reborn", deletedAt: new Date() });
    expect((await createCompany(ctx, { name: "Reborn", countryid: ids.dk })).name).toBe("Reborn");
  });

  it("is refused to client contacts, crew handlers and workers", async () => {
    for (const user of [ids.colA, ids.crewHandler, ids.worker])
      expect(
        (await appErrorOf(createCompany(await as(user), { name: "Nope", countryid: ids.dk })))
          .status,
      ).toBe(403);
  });
});

describe("updateCompany", () => {
  it("changes the fields given and replaces the managers", async () => {
    const c = await company({ name: "Omega", taxId: VALID_CVR });
    await db.insert(schema.keyAccountManagers).values({ companyId: c.id, userId: ids.pm });
    const res = await updateCompany(await as(ids.admin), c.id, {
      food_policy: "Hot meal",
      key_account_managers: [ids.admin],
    });
    expect(res).toMatchObject({ name: "Omega", taxid: VALID_CVR, food_policy: "Hot meal" });
    expect(res.message).toBe("Client Omega edited");
    expect(res.key_account_managers.map((m) => m.id)).toEqual([ids.admin]);
    // Moving to another country checks the kept tax id against the new format.
    const moved = await appErrorOf(updateCompany(await as(ids.pm), c.id, { countryid: ids.se }));
    expect(moved.errors?.taxid).toBeDefined();
    expect(await activityOf(c.id)).toHaveLength(1);
  });

  it("404 for an unknown or archived company; 403 for a client contact, even its own", async () => {
    const gone = await company({ deletedAt: new Date() });
    expect((await appErrorOf(updateCompany(await as(ids.pm), gone.id, {}))).status).toBe(404);
    expect((await appErrorOf(updateCompany(await as(ids.pm), "abc", {}))).status).toBe(404);
    expect(
      (await appErrorOf(updateCompany(await as(ids.colA), ids.companyA, { name: "Mine" }))).status,
    ).toBe(403);
  });
});

describe("deleteCompany", () => {
  it("removes a company with nothing attached, with its files", async () => {
    const c = await company();
    const file = await uploadCompanyFile(await as(ids.pm), c.id, {
      file: new File([new Uint8Array(samplePdf("Contract"))], "contract.pdf"),
    });
    const [stored] = await db
      .select()
      .from(schema.companyFiles)
      .where(eq(schema.companyFiles.id, file.id));
    const res = await deleteCompany(await as(ids.pm), c.id);
    expect(res).toMatchObject({ id: c.id, archived: false });
    expect(await db.select().from(schema.companies).where(eq(schema.companies.id, c.id))).toEqual(
      [],
    );
    expect(await getFile(stored.storageKey)).toBeNull();
  });

  it("archives a company with jobs: hidden from lists, kept on its jobs", async () => {
    const c = await company({ name: "Has Jobs" });
    const [job] = await db
      .insert(schema.jobs)
      .values({ name: "Old job", companyId: c.id, countryId: ids.dk })
      .returning();
    const res = await deleteCompany(await as(ids.pm), c.id);
    expect(res).toMatchObject({ archived: true });
    const [row] = await db.select().from(schema.companies).where(eq(schema.companies.id, c.id));
    expect(row.deletedAt).not.toBeNull();
    const [kept] = await db.select().from(schema.jobs).where(eq(schema.jobs.id, job.id));
    expect(kept.companyId).toBe(c.id);
    const list = await listCompanies(await as(ids.pm), { filter: { name: "Has Jobs" } });
    expect(list.items).toEqual([]);
    expect((await activityOf(c.id))[0].description).toBe("Archived client Has Jobs");
  });

  it("is refused to client contacts (403)", async () => {
    expect((await appErrorOf(deleteCompany(await as(ids.colA), ids.companyA))).status).toBe(403);
  });
});

describe("preferred skills", () => {
  it("saves the ordered list, reads it back, clears it", async () => {
    const [s1, s2, s3] = await db
      .insert(schema.skills)
      .values([{ name: "Pref A" }, { name: "Pref B" }, { name: "Pref C" }])
      .returning({ id: schema.skills.id });
    const ctx = await as(ids.pm);
    const saved = await savePreferredSkills(ctx, {
      company_id: ids.companyA,
      query: [s3.id, s1.id, s2.id],
    });
    expect(saved.skills.map((s) => s.id)).toEqual([s3.id, s1.id, s2.id]);
    expect((await getPreferredSkills(await as(ids.colA), ids.companyA)).map((s) => s.name)).toEqual(
      ["Pref C", "Pref A", "Pref B"],
    );
    await savePreferredSkills(ctx, { company_id: ids.companyA, query: [] });
    expect(await getPreferredSkills(ctx, ids.companyA)).toEqual([]);
    expect((await activityOf(ids.companyA)).length).toBeGreaterThanOrEqual(2);
  });

  it("needs a query, known skills, company_edit and the company in scope", async () => {
    const ctx = await as(ids.pm);
    const missing = await appErrorOf(savePreferredSkills(ctx, { company_id: ids.companyA }));
    expect(missing.status).toBe(422);
    expect(missing.message).toBe("Query is a required parameter");
    const unknown = await appErrorOf(
      savePreferredSkills(ctx, { company_id: ids.companyA, query: [99999999] }),
    );
    expect(unknown.errors?.query).toBeDefined();
    expect(
      (
        await appErrorOf(
          savePreferredSkills(await as(ids.colA), { company_id: ids.companyA, query: [] }),
        )
      ).status,
    ).toBe(403);
    expect((await appErrorOf(getPreferredSkills(await as(ids.colB), ids.companyA))).status).toBe(
      404,
    );
    expect((await appErrorOf(getPreferredSkills(await as(ids.worker), ids.companyA))).status).toBe(
      403,
    );
  });
});

describe("company files", () => {
  it("uploads a PDF, lets the company's own contact download it, deletes it", async () => {
    const up = await uploadCompanyFile(await as(ids.pm), ids.companyA, {
      file: new File([new Uint8Array(samplePdf("Site map"))], "site map.pdf"),
    });
    expect(up).toMatchObject({ file_name: "site map.pdf", mime_type: "application/pdf" });
    const view = await getCompany(await as(ids.colA), ids.companyA);
    expect(view.uploaded_files.map((f) => f.id)).toContain(up.id);
    const file = await readCompanyFile(await as(ids.colA), ids.companyA, up.id);
    expect(file.body.subarray(0, 5).toString()).toBe("%PDF-");
    expect(file.fileName).toBe("site map.pdf");
    // Another company's contact cannot reach it, not even through its own company's path.
    expect(
      (await appErrorOf(readCompanyFile(await as(ids.colB), ids.companyA, up.id))).status,
    ).toBe(404);
    expect(
      (await appErrorOf(readCompanyFile(await as(ids.colB), ids.companyB, up.id))).status,
    ).toBe(404);
    expect(
      (await appErrorOf(deleteCompanyFile(await as(ids.colA), ids.companyA, up.id))).status,
    ).toBe(403);
    await deleteCompanyFile(await as(ids.pm), ids.companyA, up.id);
    expect((await appErrorOf(readCompanyFile(await as(ids.pm), ids.companyA, up.id))).status).toBe(
      404,
    );
  });

  it("refuses what is not a PDF, image or office document", async () => {
    const err = await appErrorOf(
      uploadCompanyFile(await as(ids.pm), ids.companyA, { file: new File(["hello"], "a.pdf") }),
    );
    expect(err.status).toBe(422);
    expect(err.errors?.file?.[0]).toMatch(/^The file must be a PDF/);
    const none = await appErrorOf(uploadCompanyFile(await as(ids.pm), ids.companyA, {}));
    expect(none.errors?.file).toEqual(["The file field is required."]);
  });
});
