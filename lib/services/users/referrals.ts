import { count, desc, eq } from "drizzle-orm";
import { schema, sideBySide } from "@/db";
import { isoInZone } from "@/lib/domain/time";
import type { Ctx } from "../context";
import { referralCounts } from "../invitations";
import { offsetOf, pageInput, pageMeta } from "../pagination";
import { parseInput } from "../validate";
import { profileAccess } from "./access";
import { viewerTimeZone } from "../viewer-zone";

/** Where a referred person stands, from the invitation to working shifts. */
export type ReferralStatus = "invited" | "registered" | "approved" | "active" | "deactivated";

export interface ReferralView {
  id: number;
  email: string;
  invited_at: string;
  user: { id: number; name: string } | null;
  joined_at: string | null;
  status: ReferralStatus;
}

export function referralStatus(
  user: { status: string; approved: boolean; lastLoginAt: Date | null } | null,
): ReferralStatus {
  if (!user) return "invited";
  if (user.status === "deactivated") return "deactivated";
  if (!user.approved) return "registered";
  return user.lastLoginAt ? "active" : "approved";
}

/** Spec §9: 5 referred users per page. */
export const referredByInput = pageInput(5);

/** GET users/referredBy/{id}: the people this user invited, newest first, with the counts. */
export async function referredBy(ctx: Ctx, rawId: unknown, raw: unknown) {
  const { subject } = await profileAccess(ctx, rawId, { tab: "invited-users" });
  const input = parseInput(referredByInput, raw ?? {});
  const inv = schema.invitations;
  const where = eq(inv.invitedById, subject.id);
  const [[{ total }], rows, counts] = await sideBySide(
    ctx.db,
    () => ctx.db.select({ total: count() }).from(inv).where(where),
    () =>
      ctx.db
        .select({
          id: inv.id,
          email: inv.email,
          createdAt: inv.createdAt,
          acceptedAt: inv.acceptedAt,
          userId: schema.users.id,
          name: schema.users.name,
          status: schema.users.status,
          approved: schema.users.approved,
          lastLoginAt: schema.users.lastLoginAt,
          userCreatedAt: schema.users.createdAt,
        })
        .from(inv)
        .leftJoin(schema.users, eq(schema.users.id, inv.acceptedUserId))
        .where(where)
        .orderBy(desc(inv.createdAt), desc(inv.id))
        .limit(input.perPage)
        .offset(offsetOf(input.page, input.perPage)),
    () => referralCounts(ctx, subject.id),
  );
  const tz = await viewerTimeZone(ctx);
  const items: ReferralView[] = rows.map((r) => ({
    id: r.id,
    email: r.email,
    invited_at: isoInZone(r.createdAt, tz),
    user: r.userId ? { id: r.userId, name: r.name ?? "" } : null,
    joined_at: r.userId ? isoInZone(r.acceptedAt ?? r.userCreatedAt ?? r.createdAt, tz) : null,
    status: referralStatus(
      r.userId
        ? {
            status: r.status ?? "active",
            approved: r.approved ?? false,
            lastLoginAt: r.lastLoginAt,
          }
        : null,
    ),
  }));
  return {
    items,
    meta: pageMeta(input.page, input.perPage, Number(total)),
    counts,
    time_zone: tz,
  };
}
