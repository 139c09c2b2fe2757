import { Alert } from "@/components/ui/alert";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { requestCtx } from "@/lib/auth/session";
import { pageData } from "@/lib/http/page";
import { documentTypeOptions } from "@/lib/services/document-types";
import { documentsOverview } from "@/lib/services/documents";
import { profileTab } from "../data";
import { DocumentCard } from "./document-card";
import { DocumentActions, UploadForm } from "./documents-panel";

export default async function DocumentsTab({ params }: { params: Promise<{ id: string }> }) {
  const profile = await profileTab((await params).id, "my-documents");
  const ctx = await requestCtx();
  const [overview, types] = await Promise.all([
    pageData(documentsOverview(ctx, profile.id)),
    pageData(documentTypeOptions(ctx)),
  ]);
  const { missing, expiring, expired } = overview;
  return (
    <div className="flex flex-col gap-6">
      {(missing.length > 0 || expiring > 0 || expired > 0) && (
        <Alert tone="warning" title="Documents need attention">
          <ul className="list-disc pl-5">
            {missing.length > 0 && (
              <li>
                Missing: {missing.map((m) => m.name).join(", ")}. Upload{" "}
                {missing.length === 1 ? "it" : "them"} below.
              </li>
            )}
            {expiring > 0 && (
              <li>
                {expiring === 1 ? "1 document expires" : `${expiring} documents expire`} soon:
                upload a renewed copy.
              </li>
            )}
            {expired > 0 && (
              <li>
                {expired === 1 ? "1 document has" : `${expired} documents have`} expired and no
                longer count{expired === 1 ? "s" : ""}.
              </li>
            )}
          </ul>
        </Alert>
      )}
      {overview.refusal ? (
        <Alert>{overview.refusal}</Alert>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>Upload a document</CardTitle>
          </CardHeader>
          <CardContent>
            <UploadForm userId={overview.user_id} self={overview.self} types={types} />
          </CardContent>
        </Card>
      )}
      <section aria-labelledby="documents-heading" className="flex flex-col gap-3">
        <h2 id="documents-heading" className="text-lg font-semibold text-gray-900">
          Uploaded documents
        </h2>
        {overview.documents.length === 0 ? (
          <EmptyState
            title="No documents yet"
            hint="Upload an ID, permit or certificate above; the office reviews each one."
          />
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Documents">
            {overview.documents.map((d) => (
              <DocumentCard
                key={d.id}
                doc={d}
                actions={
                  <DocumentActions doc={d} self={overview.self} readOnly={!!overview.refusal} />
                }
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
