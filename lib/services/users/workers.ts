import { exists, sql, type SQL } from "drizzle-orm";
import { schema } from "@/db";
import { ROLE } from "@/lib/domain/permissions";

/**
 * `users.id` of the outer query, always written in full: Drizzle leaves the table name out of
 * a single-table select, and inside a subquery a bare "id" would be another table's.
 */
export const USERS_ID: SQL = sql`${sql.identifier("users")}.${sql.identifier("id")}`;

/**
 * The outer `users` row holds a role with my_dashboard_access: a worker (works shifts). The
 * Administrator role is not one: it holds every permission by rule, not because its holders
 * work shifts. One definition for the profile, the bookable users, the freelancer search and
 * the on-call list; the status (active, approved, not archived) is each list's own condition.
 */
const workerRoleOfUser = sql`select 1 from ${schema.userRoles} join ${schema.roles} on ${schema.roles.id} = ${schema.userRoles.roleId} join ${schema.rolePermissions} on ${schema.rolePermissions.roleId} = ${schema.userRoles.roleId} join ${schema.permissions} on ${schema.permissions.id} = ${schema.rolePermissions.permissionId} where ${schema.userRoles.userId} = ${USERS_ID} and ${schema.permissions.name} = 'my_dashboard_access' and ${schema.roles.title} <> ${ROLE.admin}`;
export const worksShifts: SQL = exists(sql`(${workerRoleOfUser})`);

/**
 * The roles that make their holders workers (see `workerRoleOfUser`), read once per statement: as
 * `= any(array(…))` an uncorrelated InitPlan, so each user is one probe of `user_roles`' key.
 */
const workerRoles = sql`select ${schema.rolePermissions.roleId} from ${schema.rolePermissions} join ${schema.roles} on ${schema.roles.id} = ${schema.rolePermissions.roleId} join ${schema.permissions} on ${schema.permissions.id} = ${schema.rolePermissions.permissionId} where ${schema.permissions.name} = 'my_dashboard_access' and ${schema.roles.title} <> ${ROLE.admin}`;

/**
 * `worksShifts` probed per user (`offset 0` keeps PostgreSQL from turning it into a join), for a
 * list that walks users by an index and stops at its page. As a join PostgreSQL cannot see which
 * roles the permission picks: it takes the worker roles for a third of `user_roles` where they
 * are nearly all, and at scale hashed every worker's role, or walked the roles and probed users
 * by id (the bookable users, booking dialog: 25,000 probes for a search by name).
 */
export const worksShiftsProbe: SQL = sql`exists (select 1 from ${schema.userRoles} where ${schema.userRoles.userId} = ${USERS_ID} and ${schema.userRoles.roleId} = any(array(${workerRoles})) offset 0)`;
