import { NavLink } from "@/components/ui/nav-link";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { expiryText, formatDay } from "@/lib/domain/document-badge";
import type { ExpiringDocument } from "@/lib/services/documents/expiry";

/**
 * The office dashboard's line on documents within their warning period (issue 11): the
 * count, and the soonest few, each leading to its owner's documents tab.
 */
export function ExpiringDocumentsCard({
  total,
  items,
}: {
  total: number;
  items: ExpiringDocument[];
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Documents expiring</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-sm text-gray-700">
          {total === 0
            ? "No document is within its warning period."
            : `${total} ${total === 1 ? "document expires" : "documents expire"} within their warning period.`}
        </p>
        {items.length > 0 && (
          <ul className="divide-y divide-gray-100" aria-label="Documents expiring soonest">
            {items.map((d) => (
              <li key={d.documentId} className="py-2">
                <NavLink
                  href={`/users/${d.userId}/my-documents`}
                  className="font-medium text-accent-700 hover:underline"
                >
                  {d.userName}
                </NavLink>
                <p className="text-sm text-gray-700">
                  {d.typeName} · {formatDay(d.expiresOn)} · {expiryText(d.daysLeft)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
