import { eq } from "drizzle-orm";
import * as schema from "@/db/schema";
import { NOTIFICATION_PREFS } from "@/lib/domain/notification-prefs";
import { days, hours, type World } from "./world";

/**
 * The profile tabs' demo data: notification preferences, preferred branches and venues, a
 * note on a client contact, and more of William's referrals (so invited-users shows every
 * status and a second page).
 */
export async function seedProfiles(w: World): Promise<void> {
  const { tx, now, staff } = w;
  const william = w.workers.find((x) => x.id === staff.worker);

  // Everyone gets a believable mix; William wants to hear about everything but approvals.
  for (const x of w.workers) {
    // Derived from the id, not the shared dice: the later seed steps keep their sequence.
    const prefs = Object.fromEntries(
      NOTIFICATION_PREFS.map((p, i) => [p.key, (x.id + i) % (p.default ? 7 : 3) !== 0]),
    );
    if (x.id === staff.worker)
      Object.assign(prefs, {
        new_jobs_matching_skills: true,
        booking_changes: true,
        shift_reminders: true,
        hours_approved: false,
      });
    await tx
      .update(schema.users)
      .set({ notificationPrefs: prefs })
      .where(eq(schema.users.id, x.id));
  }

  if (william) {
    const branchIds = [...william.branchIds].slice(0, 1);
    if (branchIds.length)
      await tx
        .insert(schema.userPreferredBranches)
        .values(branchIds.map((branchId) => ({ userId: william.id, branchId })));
    const venues = [...w.venues.values()]
      .filter((v) => v.status === "public" && v.country === william.country)
      .slice(0, 2);
    if (venues.length)
      await tx
        .insert(schema.userPreferredVenues)
        .values(venues.map((v) => ({ userId: william.id, venueId: v.id })));
  }
  await tx.insert(schema.userPreferredBranches).values(
    [...w.branches.values()]
      .filter((b) => b.country === "DK")
      .slice(0, 2)
      .map((b) => ({ userId: staff.handler, branchId: b.id })),
  );

  // A note on the client contact, for the office.
  const noteAt = new Date(now.getTime() - days(6));
  await tx.insert(schema.notes).values({
    noteableType: "users",
    noteableId: staff.col,
    comment: "Prefers a call over e-mail for last-minute crew changes; answers fast before 9.",
    isPinned: false,
    createdById: staff.pm,
    createdAt: noteAt,
    updatedAt: noteAt,
  });

  // William's referrals beyond the two of his history: an applicant awaiting approval, an
  // approved worker who has not signed in, a deactivated one, and invitations not yet taken.
  const taken = new Set(
    (await tx.select({ id: schema.invitations.acceptedUserId }).from(schema.invitations)).map(
      (r) => r.id,
    ),
  );
  const pick = (f: (x: (typeof w.workers)[number]) => boolean) =>
    w.workers.find((x) => x.id !== staff.worker && !taken.has(x.id) && f(x));
  const friends = [pick((x) => !x.approved), pick((x) => !x.active), pick((x) => x.approved)]
    .filter((x): x is NonNullable<typeof x> => Boolean(x))
    .filter((x, i, all) => all.findIndex((y) => y.id === x.id) === i);
  await tx.insert(schema.invitations).values([
    ...friends.map((x) => ({
      email: x.email,
      invitedById: staff.worker,
      acceptedUserId: x.id,
      acceptedAt: x.createdAt,
      createdAt: new Date(x.createdAt.getTime() - days(1) - hours(3)),
    })),
    ...["mikkel.holm@example.test", "sara.lind@example.test"].map((email, i) => ({
      email,
      invitedById: staff.worker,
      createdAt: new Date(now.getTime() - days(9 + i * 4) - hours(2)),
    })),
  ]);
}
