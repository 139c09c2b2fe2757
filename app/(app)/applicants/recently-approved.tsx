import { NavLink } from "@/components/ui/nav-link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDateTime } from "@/lib/domain/format";
import type { PromotedRow } from "@/lib/services/applicants";

/** The "Recently approved" panel: who became a worker lately, approved by whom and when. */
export function RecentlyApproved({ rows, timeZone }: { rows: PromotedRow[]; timeZone: string }) {
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Recently approved</CardTitle>
        <CardDescription>The last people approved, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-gray-600">Nobody has been approved yet.</p>
        ) : (
          <ul className="divide-y divide-gray-200">
            {rows.map((r) => (
              <li
                key={r.id}
                className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-center sm:justify-between"
              >
                <NavLink
                  href={`/users/${r.id}/personal`}
                  className="font-medium break-words text-accent-700 hover:underline"
                >
                  {r.name}
                </NavLink>
                <span className="text-sm text-gray-600">
                  {formatDateTime(new Date(r.approved_at), timeZone)}
                  {r.approved_by ? ` by ${r.approved_by.name}` : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
