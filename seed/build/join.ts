import { and, eq, isNull } from "drizzle-orm";
import * as schema from "@/db/schema";
import { ROLE } from "@/lib/domain/permissions";
import { days, hours, minutes, must, type World } from "./world";

/** The demo applicant of the README: signs in to the awaiting-approval dashboard. */
export const DEMO_APPLICANT_EMAIL = "applicant@crewdeck.test";

/**
 * Joining (issue 10): the seeded applicants signed up themselves, so they accepted the privacy
 * notice when they registered; and one known applicant, Freja Jensen, joined through William's
 * invitation link yesterday, confirmed her e-mail and has half of her profile to complete.
 */
export async function seedJoining(w: World): Promise<void> {
  const { tx, now } = w;
  const applicants = await tx
    .select({ id: schema.users.id, createdAt: schema.users.createdAt })
    .from(schema.users)
    .where(and(eq(schema.users.approved, false), isNull(schema.users.privacyAcceptedAt)));
  for (const a of applicants) {
    await tx
      .update(schema.users)
      .set({ privacyAcceptedAt: a.createdAt })
      .where(eq(schema.users.id, a.id));
  }

  const createdAt = new Date(now.getTime() - days(1) - hours(3));
  const [freja] = await tx
    .insert(schema.users)
    .values({
      email: DEMO_APPLICANT_EMAIL,
      name: "Freja Jensen",
      firstName: "Freja",
      lastName: "Jensen",
      phone: "+45 28 44 61 07",
      passwordHash: w.passwordHash,
      status: "active",
      approved: false,
      countryId: must(w.countries, "DK", "country").id,
      invitedById: w.staff.worker,
      privacyAcceptedAt: createdAt,
      emailVerifiedAt: new Date(createdAt.getTime() + minutes(9)),
      createdAt,
    })
    .returning({ id: schema.users.id });
  await tx
    .insert(schema.userRoles)
    .values({ userId: freja.id, roleId: must(w.roles, ROLE.worker, "role") });
  await tx
    .insert(schema.userBranches)
    .values({ userId: freja.id, branchId: must(w.branches, "Copenhagen", "branch").id });
  await tx
    .insert(schema.userSkills)
    .values(
      ["Stagehand", "Runner"]
        .filter((s) => w.skills.has(s))
        .map((s) => ({ userId: freja.id, skillId: w.skills.get(s)!, createdAt })),
    );
  await tx
    .insert(schema.userLanguages)
    .values(
      ["Danish", "English"]
        .filter((l) => w.languages.has(l))
        .map((l) => ({ userId: freja.id, languageId: w.languages.get(l)! })),
    );
  await tx.insert(schema.invitations).values({
    email: DEMO_APPLICANT_EMAIL,
    invitedById: w.staff.worker,
    acceptedUserId: freja.id,
    acceptedAt: createdAt,
    createdAt: new Date(createdAt.getTime() - days(2)),
  });
  await tx.insert(schema.activityLog).values({
    logName: "users",
    description: "Registered",
    subjectType: "users",
    subjectId: freja.id,
    properties: { invited_by: w.staff.worker },
    createdAt,
  });
}
