import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { env } from "@/lib/env";
import { queueMail } from "@/lib/mail";
import { logActivity } from "../activity";
import { withTx, type Ctx } from "../context";
import { ConflictError, NotFoundError } from "../errors";
import { parseInput } from "../validate";
import { requireApplicantsOffice } from "./access";
import { approveApplicantInput } from "./schemas";
import { assertMayManage, heldPermissionsSql, holderOf, holdsAdminRoleSql } from "../users/manage";

/** Spec §8 texts of the screen (the typo is the spec's). */
export const APPLICANT_APPROVED = "User approved succesfully.";
export const APPLICANT_APPROVE_FAILED = "There was an error.";
export const ALREADY_APPROVED = "This user is already approved.";

export interface ApprovedApplicant {
  id: number;
  name: string;
  approved_at: string;
  approved_by: { id: number; name: string };
  message: string;
}

/**
 * POST applicants/approve: the applicant becomes a worker the office can book. The user row is
 * locked and re-read in the transaction, so two people approving at once give one approval
 * and one 409; the approval, its activity row and the e-mail to the user commit together.
 * Permissions are read per request (lib/services/auth/actor.ts), so the user's next page
 * already has its role's full rules and the worker dashboard.
 */
export async function approveApplicant(ctx: Ctx, raw: unknown): Promise<ApprovedApplicant> {
  const actor = requireApplicantsOffice(ctx);
  const { applicant_id: id } = parseInput(approveApplicantInput, raw);
  return withTx(ctx, async (ctx) => {
    const [user] = await ctx.db
      .select({
        id: schema.users.id,
        name: schema.users.name,
        firstName: schema.users.firstName,
        email: schema.users.email,
        approved: schema.users.approved,
        deletedAt: schema.users.deletedAt,
        isAdmin: holdsAdminRoleSql(),
        permissions: heldPermissionsSql(),
      })
      .from(schema.users)
      .where(eq(schema.users.id, id))
      .for("update");
    if (!user || user.deletedAt) throw new NotFoundError("Applicant not found.");
    if (user.approved) throw new ConflictError(ALREADY_APPROVED, "already_approved");
    // Approving opens what the applicant's roles hold: only for one who holds it all too.
    assertMayManage(actor, holderOf(user), "approve");
    await ctx.db
      .update(schema.users)
      .set({ approved: true, approvedAt: ctx.now, approvedById: actor.userId, updatedAt: ctx.now })
      .where(eq(schema.users.id, id));
    await logActivity(ctx, {
      logName: "users",
      description: `Approved applicant ${user.name}`,
      subjectType: "users",
      subjectId: id,
      properties: { from: "awaiting approval", to: "approved" },
    });
    await queueMail(
      ctx.db,
      {
        to: user.email,
        template: "applicant_approved",
        subject: "You are approved: welcome to Crewdeck",
        text: [
          `Hi ${user.firstName?.trim() || user.name},`,
          "",
          "Good news: the agency has approved your Crewdeck account. You can now apply for",
          "shifts that match your skills and branches, and see your bookings on your dashboard.",
          "",
          `Sign in here: ${env.APP_URL}/sign-in`,
          "",
          "Keep your profile and documents up to date: the office looks at them before booking.",
        ].join("\n"),
      },
      ctx.now,
    );
    return {
      id,
      name: user.name,
      approved_at: ctx.now.toISOString(),
      approved_by: { id: actor.userId, name: actor.name },
      message: APPLICANT_APPROVED,
    };
  });
}
