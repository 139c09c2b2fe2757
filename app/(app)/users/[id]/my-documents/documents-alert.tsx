import { NavLink } from "@/components/ui/nav-link";
import { Badge } from "@/components/ui/badge";
import { requestCtx } from "@/lib/auth/session";
import { documentsAlert } from "@/lib/services/documents";

const plural = (n: number) => (n === 1 ? "1 document" : `${n} documents`);

/** The profile header's warning: documents past their date, or within their warning period. */
export async function DocumentsAlert({ userId }: { userId: number }) {
  const alert = await documentsAlert(await requestCtx(), userId);
  if (!alert || (alert.expired === 0 && alert.expiring === 0)) return null;
  return (
    <NavLink href={`/users/${userId}/my-documents`} className="rounded-full hover:opacity-90">
      {alert.expired > 0 ? (
        <Badge tone="danger">{plural(alert.expired)} expired</Badge>
      ) : (
        <Badge tone="warning">{plural(alert.expiring)} expiring</Badge>
      )}
    </NavLink>
  );
}
