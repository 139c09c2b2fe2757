import { eq } from "drizzle-orm";
import * as schema from "@/db/schema";
import { newFileKey } from "@/lib/files/keys";
import { putFile } from "@/lib/files/storage";
import { ROLE } from "@/lib/domain/permissions";
import type { CountryIso } from "../data/master";
import { days, hours, minutes, must, type World } from "./world";
import { samplePdf } from "../data/document-files";

interface Newcomer {
  first: string;
  last: string;
  country: CountryIso;
  phone: string;
  branch: string;
  skills: string[];
  languages: string[];
  /** Hours before `now` the person signed up. */
  registeredHoursAgo: number;
  /** Invited through a worker's "Invite a friend" link (a worker of the same country). */
  invited?: boolean;
  address?: [string, string, string];
  /** Approved this many hours before `now`, by the crew handler or the project manager. */
  approved?: { hoursAgo: number; by: "handler" | "pm" };
  /** Documents uploaded after signing up, waiting for the office (type, days until expiry). */
  documents?: [type: string, expiresInDays: number | null][];
}

/**
 * The applicants inbox (issue 11): a few more people waiting beside the seeded applicants of
 * the people step and Freja (./join.ts), some invited by a worker, with different amounts of
 * their profile done; and three people the office approved this week, for the "Recently
 * approved" panel and the activity log.
 */
const NEWCOMERS: Newcomer[] = [
  {
    first: "Oskar",
    last: "Lindqvist",
    country: "SE",
    phone: "+46 70 412 88 31",
    branch: "Stockholm",
    skills: ["Rigger", "Stagehand"],
    languages: ["Swedish", "English"],
    registeredHoursAgo: 52,
    invited: true,
    address: ["Ringvägen 14", "118 60", "Stockholm"],
    documents: [
      ["ID card/passport", 2400],
      ["First-aid certificate", 20],
    ],
  },
  {
    first: "Amelia",
    last: "Hart",
    country: "GB",
    phone: "+44 7700 900417",
    branch: "Manchester",
    skills: [],
    languages: ["English"],
    registeredHoursAgo: 6,
    documents: [["ID card/passport", 1800]],
  },
  {
    first: "Felix",
    last: "Brandt",
    country: "DE",
    phone: "+49 152 4471 9902",
    branch: "Hamburg",
    skills: ["Sound technician"],
    languages: ["German", "English"],
    registeredHoursAgo: 24 * 9,
    invited: true,
    address: ["Schanzenstraße 41", "20357", "Hamburg"],
    approved: { hoursAgo: 50, by: "handler" },
  },
  {
    first: "Ingrid",
    last: "Solberg",
    country: "NO",
    phone: "+47 912 44 208",
    branch: "Bergen",
    skills: ["Bartender", "Waiter"],
    languages: ["Norwegian", "English"],
    registeredHoursAgo: 24 * 8,
    address: ["Nygårdsgaten 9", "5015", "Bergen"],
    approved: { hoursAgo: 24 * 4 + 3, by: "pm" },
  },
  {
    first: "Mads",
    last: "Holm",
    country: "DK",
    phone: "+45 31 77 52 09",
    branch: "Aarhus",
    skills: ["Light technician", "Stagehand"],
    languages: ["Danish", "English"],
    registeredHoursAgo: 24 * 6,
    address: ["Jægergårdsgade 28", "8000", "Aarhus C"],
    approved: { hoursAgo: 20, by: "handler" },
  },
];

export async function seedApplicants(w: World): Promise<void> {
  const { tx, now } = w;
  const workerRole = must(w.roles, ROLE.worker, "role");
  for (const p of NEWCOMERS) {
    const createdAt = new Date(now.getTime() - hours(p.registeredHoursAgo));
    const inviter = p.invited
      ? w.workers.find((x) => x.country === p.country && x.approved && x.active)
      : undefined;
    const approvedAt = p.approved ? new Date(now.getTime() - hours(p.approved.hoursAgo)) : null;
    const approvedById = p.approved ? w.staff[p.approved.by] : null;
    const email = `${p.first}.${p.last}@example.test`
      .toLowerCase()
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "");
    const [user] = await tx
      .insert(schema.users)
      .values({
        email,
        name: `${p.first} ${p.last}`,
        firstName: p.first,
        lastName: p.last,
        phone: p.phone,
        passwordHash: w.passwordHash,
        status: "active",
        approved: approvedAt !== null,
        approvedAt,
        approvedById,
        countryId: must(w.countries, p.country, "country").id,
        invitedById: inviter?.id ?? null,
        address: p.address?.[0] ?? null,
        zip: p.address?.[1] ?? null,
        city: p.address?.[2] ?? null,
        privacyAcceptedAt: createdAt,
        emailVerifiedAt: new Date(createdAt.getTime() + minutes(7)),
        lastLoginAt: approvedAt ? new Date(approvedAt.getTime() + hours(2)) : createdAt,
        createdAt,
        updatedAt: approvedAt ?? createdAt,
      })
      .returning({ id: schema.users.id });
    await tx.insert(schema.userRoles).values({ userId: user.id, roleId: workerRole });
    await tx
      .insert(schema.userBranches)
      .values({ userId: user.id, branchId: must(w.branches, p.branch, "branch").id });
    if (p.skills.length)
      await tx.insert(schema.userSkills).values(
        p.skills.map((s) => ({
          userId: user.id,
          skillId: must(w.skills, s, "skill"),
          createdAt,
        })),
      );
    await tx
      .insert(schema.userLanguages)
      .values(
        p.languages.map((l) => ({ userId: user.id, languageId: must(w.languages, l, "language") })),
      );
    if (inviter)
      await tx.insert(schema.invitations).values({
        email,
        invitedById: inviter.id,
        acceptedUserId: user.id,
        acceptedAt: createdAt,
        createdAt: new Date(createdAt.getTime() - days(1)),
      });
    await tx.insert(schema.activityLog).values({
      logName: "users",
      description: "Registered",
      subjectType: "users",
      subjectId: user.id,
      properties: inviter ? { invited_by: inviter.id } : {},
      createdAt,
    });
    for (const [i, [type, expiresInDays]] of (p.documents ?? []).entries()) {
      const [docType] = await tx
        .select({ id: schema.documentTypes.id })
        .from(schema.documentTypes)
        .where(eq(schema.documentTypes.name, type));
      if (!docType) throw new Error(`Demo seed: unknown document type "${type}"`);
      const bytes = samplePdf(`${type} of ${p.first} ${p.last} (demo)`);
      const storageKey = newFileKey("documents", "pdf");
      await putFile(storageKey, bytes, "application/pdf");
      const uploadedAt = new Date(createdAt.getTime() + hours(1) + minutes(13 * i));
      await tx.insert(schema.documents).values({
        userId: user.id,
        documentTypeId: docType.id,
        fileName: `${type.split("/")[0].toLowerCase().replace(/\W+/g, "-")}-${p.last.toLowerCase()}.pdf`,
        storageKey,
        mimeType: "application/pdf",
        sizeBytes: bytes.byteLength,
        status: "pending",
        expiresOn:
          expiresInDays === null
            ? null
            : new Date(now.getTime() + days(expiresInDays)).toISOString().slice(0, 10),
        createdAt: uploadedAt,
        updatedAt: uploadedAt,
      });
    }
    if (approvedAt)
      await tx.insert(schema.activityLog).values({
        logName: "users",
        description: `Approved applicant ${p.first} ${p.last}`,
        subjectType: "users",
        subjectId: user.id,
        causerId: approvedById,
        properties: { from: "awaiting approval", to: "approved" },
        createdAt: approvedAt,
      });
  }
}
