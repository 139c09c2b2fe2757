import { and, eq, inArray, sql } from "drizzle-orm";
import * as schema from "@/db/schema";
import { ROLE } from "@/lib/domain/permissions";
import { newFileKey } from "@/lib/files/keys";
import { putFile } from "@/lib/files/storage";
import { documentsToday } from "@/lib/services/documents/today";
import { samplePdf, SAMPLE_PNG } from "../data/document-files";
import { Rng } from "../random";
import type { World } from "./world";

/**
 * Demo documents (issue 11), run last so every user made by the other seed files exists:
 * the types' requirements (ID for every freelancer, licences for the skills that need them),
 * then approved documents for most approved workers with a few expiring this month, one
 * expired, two pending and one declined with a reason; every applicant (approved = false)
 * has its uploads waiting for review. Real small files go through the storage port, so
 * downloads work.
 */
const TYPE_SETUP: Record<string, { warningMonths: number; roles?: boolean; skills?: string[] }> = {
  "ID card/passport": { warningMonths: 1, roles: true },
  "Work permit": { warningMonths: 2 },
  "Forklift licence": { warningMonths: 1, skills: ["Forklift driver"] },
  "First-aid certificate": { warningMonths: 1, skills: ["Security", "Steward"] },
  "Food hygiene certificate": { warningMonths: 0, skills: ["Chef", "Kitchen assistant"] },
};

function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export async function seedDocuments(w: World): Promise<void> {
  const { tx, now } = w;
  const rng = new Rng(11_011);
  const today = documentsToday(now);
  const types = await tx.select().from(schema.documentTypes);
  const typeOf = new Map(types.map((t) => [t.name, t]));
  const freelancer = w.roles.get(ROLE.worker);
  for (const [name, setup] of Object.entries(TYPE_SETUP)) {
    const t = typeOf.get(name);
    if (!t) continue;
    await tx
      .update(schema.documentTypes)
      .set({ warningMonths: setup.warningMonths })
      .where(eq(schema.documentTypes.id, t.id));
    if (setup.roles && freelancer)
      await tx
        .insert(schema.documentTypeRoles)
        .values({ documentTypeId: t.id, roleId: freelancer });
    const skillIds = (setup.skills ?? [])
      .map((s) => w.skills.get(s))
      .filter((x) => x !== undefined);
    if (skillIds.length)
      await tx
        .insert(schema.documentTypeSkills)
        .values(skillIds.map((skillId) => ({ documentTypeId: t.id, skillId })));
  }
  const id = typeOf.get("ID card/passport");
  if (!id) return;

  type Row = typeof schema.documents.$inferInsert;
  const rows: Row[] = [];
  const file = async (typeName: string, png: boolean) => {
    const bytes = png ? SAMPLE_PNG : samplePdf(typeName);
    const ext = png ? "png" : "pdf";
    const key = newFileKey("documents", ext);
    await putFile(key, bytes, png ? "image/png" : "application/pdf");
    const base = typeName.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    return {
      storageKey: key,
      fileName: `${base}.${ext}`,
      mimeType: png ? "image/png" : "application/pdf",
      sizeBytes: bytes.byteLength,
    };
  };
  const uploaded = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000);
  const reviewer = w.staff.handler;

  // Approved workers: an ID for most, with a few stories the screens should show.
  const approved = w.workers.filter((x) => x.approved);
  let i = 0;
  for (const worker of approved) {
    i++;
    if (i % 9 === 0) continue; // a few hold none: "missing" on their profile
    const demo = worker.email === "worker@crewdeck.test";
    let status: "approved" | "pending" | "declined" = "approved";
    let expiresOn = addDays(today, rng.int(120, 1500));
    let declineReason: string | null = null;
    if (demo || i % 17 === 1)
      expiresOn = addDays(today, rng.int(5, 25)); // expiring this month
    else if (i === 4)
      expiresOn = addDays(today, -6); // expired
    else if (i === 6 || i === 10) status = "pending";
    else if (i === 8) {
      status = "declined";
      declineReason = "The photo is blurry: the name and the date cannot be read.";
    }
    const createdAt = uploaded(rng.int(20, 300));
    rows.push({
      userId: worker.id,
      documentTypeId: id.id,
      ...(await file("ID card passport", i % 3 === 0)),
      status,
      expiresOn,
      declineReason,
      reviewedById: status === "pending" ? null : reviewer,
      reviewedAt: status === "pending" ? null : createdAt,
      createdAt,
      updatedAt: createdAt,
    });
    // Licences and certificates for the skills that need them, most of the time.
    for (const [name, setup] of Object.entries(TYPE_SETUP)) {
      const t = typeOf.get(name);
      const needed = (setup.skills ?? []).some((s) => {
        const skillId = w.skills.get(s);
        return skillId !== undefined && worker.skills.has(skillId);
      });
      if (!t || !needed || !rng.chance(0.75)) continue;
      const at = uploaded(rng.int(30, 400));
      rows.push({
        userId: worker.id,
        documentTypeId: t.id,
        ...(await file(name, false)),
        status: "approved",
        expiresOn: t.hasExpiry ? addDays(today, rng.int(40, 700)) : null,
        reviewedById: reviewer,
        reviewedAt: at,
        createdAt: at,
        updatedAt: at,
      });
    }
  }

  // Applicants (whoever another seed file made, not yet approved): their uploads wait, unless
  // the applicants' own seed already gave them some.
  const applicants = await tx
    .select({ id: schema.users.id })
    .from(schema.users)
    .innerJoin(schema.userRoles, eq(schema.userRoles.userId, schema.users.id))
    .where(
      and(
        eq(schema.users.approved, false),
        inArray(schema.userRoles.roleId, freelancer ? [freelancer] : []),
        sql`not exists (select 1 from ${schema.documents} where ${schema.documents.userId} = ${schema.users.id})`,
      ),
    );
  for (const [n, a] of applicants.entries()) {
    const at = uploaded(rng.int(0, 6));
    rows.push({
      userId: a.id,
      documentTypeId: id.id,
      ...(await file("ID card passport", n % 2 === 1)),
      status: "pending",
      expiresOn: addDays(today, rng.int(200, 2000)),
      createdAt: at,
      updatedAt: at,
    });
    const permit = typeOf.get("Work permit");
    if (permit && n % 3 === 0)
      rows.push({
        userId: a.id,
        documentTypeId: permit.id,
        ...(await file("Work permit", false)),
        status: "pending",
        expiresOn: addDays(today, rng.int(90, 700)),
        createdAt: at,
        updatedAt: at,
      });
  }
  for (let k = 0; k < rows.length; k += 200)
    await tx.insert(schema.documents).values(rows.slice(k, k + 200));
}
