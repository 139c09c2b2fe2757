import * as schema from "@/db/schema";
import { newFileKey } from "@/lib/files/keys";
import { putFile } from "@/lib/files/storage";
import { SAMPLE_PNG, samplePdf } from "../data/document-files";
import { COMPANIES } from "../data/clients";
import { VENUES } from "../data/venues";
import { days, must, type World } from "./world";

/** The client companies (before the users: contacts carry their company id). */
export async function seedCompanies(w: World): Promise<void> {
  const rows = await w.tx
    .insert(schema.companies)
    .values(
      COMPANIES.map((c) => ({
        name: c.name,
        taxId: c.taxId,
        countryId: must(w.countries, c.country, "country").id,
        defaultBranchId: must(w.branches, c.defaultBranch, "branch").id,
        address: c.address,
        zip: c.zip,
        city: c.city,
        phone: c.phone,
        email: c.email,
        typeOfWork: c.typeOfWork,
        safetyRequirements: c.safetyRequirements,
        waterPolicy: c.waterPolicy,
        foodPolicy: c.foodPolicy,
        dressCode: c.dressCode,
        valueWorkers: c.valueWorkers,
        createdAt: new Date(w.now.getTime() - days(720)),
      })),
    )
    .returning({ id: schema.companies.id, name: schema.companies.name });
  const idOf = new Map(rows.map((r) => [r.name, r.id]));
  for (const c of COMPANIES) {
    w.companies.set(c.key, {
      id: idOf.get(c.name)!,
      key: c.key,
      name: c.name,
      country: must(w.countries, c.country, "country"),
      defaultBranchId: must(w.branches, c.defaultBranch, "branch").id,
      contactIds: [],
    });
  }
}

/** Contacts (company_users), key account managers, preferred skills and venues. */
export async function seedCompanyLinks(w: World): Promise<void> {
  const { tx } = w;
  const users = await tx
    .select({ id: schema.users.id, email: schema.users.email })
    .from(schema.users);
  const userId = new Map(users.map((u) => [u.email, u.id]));

  const companyUsers: (typeof schema.companyUsers.$inferInsert)[] = [];
  const managers: (typeof schema.keyAccountManagers.$inferInsert)[] = [];
  const preferred: (typeof schema.companyPreferredSkills.$inferInsert)[] = [];
  for (const c of COMPANIES) {
    const company = must(w.companies, c.key, "company");
    for (const contact of c.contacts) {
      const id = must(userId, contact.email, "contact");
      company.contactIds.push(id);
      companyUsers.push({ companyId: company.id, userId: id });
    }
    managers.push({ companyId: company.id, userId: w.staff.pm });
    for (const key of c.extraAccountManagers)
      managers.push({ companyId: company.id, userId: w.staff[key] });
    c.preferredSkills.forEach((skill, i) =>
      preferred.push({
        companyId: company.id,
        skillId: must(w.skills, skill, "skill"),
        order: i + 1,
      }),
    );
  }
  await tx.insert(schema.companyUsers).values(companyUsers);
  await tx.insert(schema.keyAccountManagers).values(managers);
  await tx.insert(schema.companyPreferredSkills).values(preferred);
  await seedCompanyFiles(w);

  const venues = await tx
    .insert(schema.venues)
    .values(
      VENUES.map((v) => ({
        name: v.name,
        entrance: v.entrance ?? null,
        countryId: must(w.countries, v.country, "country").id,
        city: v.city,
        address: v.address,
        zip: v.zip,
        province: v.province ?? null,
        notes: v.notes ?? null,
        companyId: v.company ? must(w.companies, v.company, "company").id : null,
        status: v.status,
        createdById: v.company
          ? (w.companies.get(v.company)!.contactIds[0] ?? w.staff.pm)
          : w.staff.pm,
        createdAt: new Date(w.now.getTime() - days(600)),
      })),
    )
    .returning({ id: schema.venues.id, name: schema.venues.name });
  const venueId = new Map(venues.map((v) => [v.name, v.id]));
  for (const v of VENUES) w.venues.set(v.name, { ...v, id: venueId.get(v.name)! });
}

/** A framework contract for every client and a site map for the first one (files that download). */
async function seedCompanyFiles(w: World): Promise<void> {
  const rows: (typeof schema.companyFiles.$inferInsert)[] = [];
  for (const [i, c] of COMPANIES.entries()) {
    const company = must(w.companies, c.key, "company");
    const files: { name: string; bytes: Buffer; mime: string; ext: string }[] = [
      {
        name: `${c.poPrefix} framework contract.pdf`,
        bytes: samplePdf(`Framework contract ${c.name}`),
        mime: "application/pdf",
        ext: "pdf",
      },
    ];
    if (i === 0)
      files.push({ name: "Site map.png", bytes: SAMPLE_PNG, mime: "image/png", ext: "png" });
    for (const f of files) {
      const key = newFileKey("companies", f.ext);
      await putFile(key, f.bytes, f.mime);
      rows.push({
        companyId: company.id,
        fileName: f.name,
        storageKey: key,
        mimeType: f.mime,
        sizeBytes: f.bytes.byteLength,
        uploadedById: w.staff.pm,
        createdAt: new Date(w.now.getTime() - days(400 - i)),
      });
    }
  }
  await w.tx.insert(schema.companyFiles).values(rows);
}
