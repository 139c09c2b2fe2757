import { sql, type SQL, type AnyColumn, type Placeholder } from "drizzle-orm";
import { schema } from "@/db";

/**
 * Which document types a user must hold, and whether the user holds them, in SQL so lists
 * (freelancer search, applicants, the dashboard) filter on the server. The same rule as
 * lib/domain/documents.ts: a required, live type applies to every holder of one of its
 * roles (to every user when it lists none); it is held by an approved document whose expiry
 * date is today or later.
 *
 * Pass `users.id` (or another table's column) as `userId`, never a column of documents,
 * document_types or user_roles: the subqueries name those tables and would shadow it.
 */
const dt = schema.documentTypes;
const dtr = schema.documentTypeRoles;
const ur = schema.userRoles;
const d = schema.documents;

/** The required types that apply to the user in `userId` (a column of the outer query). */
export function requiredTypesSql(userId: AnyColumn | SQL): SQL {
  return sql`${dt.isRequired} AND ${dt.archivedAt} IS NULL AND (
    NOT EXISTS (SELECT 1 FROM ${dtr} WHERE ${dtr.documentTypeId} = ${dt.id})
    OR EXISTS (
      SELECT 1 FROM ${dtr} JOIN ${ur} ON ${ur.roleId} = ${dtr.roleId}
      WHERE ${dtr.documentTypeId} = ${dt.id} AND ${ur.userId} = ${userId}
    )
  )`;
}

/** The user holds a valid (approved, unexpired on `today`) document of the type `typeId`. */
export function holdsValidSql(
  userId: AnyColumn | SQL,
  typeId: AnyColumn | SQL,
  today: string | Placeholder,
): SQL {
  return sql`EXISTS (
    SELECT 1 FROM ${d}
    WHERE ${d.userId} = ${userId} AND ${d.documentTypeId} = ${typeId}
      AND ${d.status} = 'approved' AND (${d.expiresOn} IS NULL OR ${d.expiresOn} >= ${today})
  )`;
}

/** True when the user in `userId` holds a valid document of every required type. */
export function hasValidDocumentsSql(userId: AnyColumn | SQL, today: string): SQL {
  return sql`NOT EXISTS (
    SELECT 1 FROM ${dt}
    WHERE ${requiredTypesSql(userId)} AND NOT ${holdsValidSql(userId, dt.id, today)}
  )`;
}
