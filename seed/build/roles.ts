import { inArray } from "drizzle-orm";
import * as schema from "@/db/schema";
import type { Permission } from "@/lib/domain/permissions";
import { days, must, type World } from "./world";

/**
 * A custom role beside the five built-in ones (issue 12): the warehouse lead sees the
 * dashboard, the jobs and calendar, and keeps the levels and equipment categories tidy.
 * Nora Vang holds it, so /roles shows a role in use that the code does not know by title.
 */
export const WAREHOUSE_LEAD = {
  title: "Warehouse Lead",
  description: "Runs the equipment warehouse: sees jobs and the calendar, keeps the kit lists.",
  permissions: [
    "dashboard_access",
    "calendar_access",
    "job_view",
    "level_access",
    "equipment_category_access",
    "help_access",
  ] satisfies Permission[],
  holder: { first: "Nora", last: "Vang", branch: "Copenhagen", ageDays: 240 },
};

export async function seedCustomRoles(w: World): Promise<void> {
  const r = WAREHOUSE_LEAD;
  const createdAt = new Date(w.now.getTime() - days(r.holder.ageDays));
  const [role] = await w.tx
    .insert(schema.roles)
    .values({ title: r.title, description: r.description, createdAt, updatedAt: createdAt })
    .returning({ id: schema.roles.id });
  const perms = await w.tx
    .select({ id: schema.permissions.id })
    .from(schema.permissions)
    .where(inArray(schema.permissions.name, r.permissions));
  await w.tx
    .insert(schema.rolePermissions)
    .values(perms.map((p) => ({ roleId: role.id, permissionId: p.id })));
  const [user] = await w.tx
    .insert(schema.users)
    .values({
      email: `${r.holder.first}.${r.holder.last}@crewdeck.test`.toLowerCase(),
      name: `${r.holder.first} ${r.holder.last}`,
      firstName: r.holder.first,
      lastName: r.holder.last,
      phone: "+45 40 31 77 00",
      passwordHash: w.passwordHash,
      status: "active",
      approved: true,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: schema.users.id });
  await w.tx.insert(schema.userRoles).values({ userId: user.id, roleId: role.id });
  await w.tx
    .insert(schema.userBranches)
    .values({ userId: user.id, branchId: must(w.branches, r.holder.branch, "branch").id });
}
