import { requestCtx } from "@/lib/auth/session";
import { pageData } from "@/lib/http/page";
import { documentTypeOptions } from "@/lib/services/document-types";
import { documentsOverview } from "@/lib/services/documents";
import { profileTab } from "../data";
import { DocumentsPanel } from "./documents-panel";

export default async function DocumentsTab({ params }: { params: Promise<{ id: string }> }) {
  const profile = await profileTab((await params).id, "my-documents");
  const ctx = await requestCtx();
  const [overview, types] = await Promise.all([
    pageData(documentsOverview(ctx, profile.id)),
    pageData(documentTypeOptions(ctx)),
  ]);
  return <DocumentsPanel overview={overview} types={types} />;
}
