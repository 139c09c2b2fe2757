import type { ReactNode } from "react";
import { Download, FileText } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";
import { formatDay } from "@/lib/domain/document-badge";
import type { DocumentView } from "@/lib/services/documents";
import { DocumentStatusBadge } from "./document-badge";

/**
 * One uploaded document as the tab lists it, drawn by the server: its icons, badge and date
 * wording cost the worker's phone no JavaScript. `actions` is the client's Replace and Delete.
 */
export function DocumentCard({ doc, actions }: { doc: DocumentView; actions: ReactNode }) {
  return (
    <li>
      <Card>
        <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex min-w-0 gap-3">
            <FileText className="mt-0.5 size-5 shrink-0 text-gray-500" aria-hidden />
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-medium text-gray-900">
                {doc.document_type.name}
                <DocumentStatusBadge badge={doc.badge} daysLeft={doc.days_left} />
              </p>
              <p className="text-sm break-all text-gray-700">{doc.file_name}</p>
              <p className="text-sm text-gray-600">
                {doc.expires_on ? `Valid until ${formatDay(doc.expires_on)}` : "No expiry date"}
                {" · "}Uploaded {formatDay(new Date(doc.created_at).toISOString().slice(0, 10))}
              </p>
              {doc.status === "declined" && doc.decline_reason && (
                <p className="mt-1 text-sm text-danger-800">Reason: {doc.decline_reason}</p>
              )}
            </div>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            <a
              href={doc.file_url}
              className="inline-flex min-h-11 items-center gap-1 rounded-control px-3 text-sm font-medium text-accent-700 hover:underline sm:min-h-9"
              aria-label={`Download ${doc.document_type.name}`}
            >
              <Download className="size-4" aria-hidden /> Download
            </a>
            {actions}
          </div>
        </CardContent>
      </Card>
    </li>
  );
}
