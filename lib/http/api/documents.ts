import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import { attachmentDisposition } from "../download";
import { DOCUMENT_UPLOAD } from "@/lib/files/upload";
import {
  createDocumentType,
  deleteDocumentType,
  documentTypeInput,
  documentTypesListInput,
  getDocumentType,
  listDocumentTypes,
  updateDocumentType,
} from "@/lib/services/document-types";
import {
  deleteDocument,
  documentsListInput,
  getDocument,
  listDocuments,
  readDocumentFile,
  updateDocument,
  updateDocumentInput,
  uploadDocument,
  uploadDocumentInput,
} from "@/lib/services/documents";

const asFields = (body: unknown) =>
  body && typeof body === "object" ? (body as Record<string, unknown>) : undefined;
const UPLOAD_LIMIT = DOCUMENT_UPLOAD.maxBytes + 64 * 1024;
const SCOPE = "a worker its own, the office anyone's; 404 outside that scope";

export const getDocumentTypes = endpoint({
  method: "GET",
  path: "/document-types",
  summary:
    "Live document types by name, 10 a page (page, perPage, filter[search]); all=true answers every live type unpaged (for pickers). Any signed-in user",
  tag: "documents",
  auth: "user",
  query: documentTypesListInput,
  paginated: true,
  run: (ctx, { query }) => listDocumentTypes(ctx, query),
});

export const postDocumentType = endpoint({
  method: "POST",
  path: "/document-types",
  summary:
    "Create a document type (name, description, is_required, role_ids, skill_ids, has_expiry, warning_months 0–24) [document_type_access]",
  tag: "documents",
  auth: "user",
  body: documentTypeInput,
  status: 201,
  run: (ctx, { body }) => createDocumentType(ctx, body),
});

export const getDocumentTypeEndpoint = endpoint<{ id: string }>({
  method: "GET",
  path: "/document-types/{id}",
  summary: "One live document type with its roles and skills",
  tag: "documents",
  auth: "user",
  run: (ctx, { params }) => getDocumentType(ctx, params.id),
});

export const putDocumentType = endpoint<{ id: string }>({
  method: "PUT",
  path: "/document-types/{id}",
  summary: "Replace a document type's fields, roles and skills [document_type_access]",
  tag: "documents",
  auth: "user",
  body: documentTypeInput,
  run: (ctx, { params, body }) => updateDocumentType(ctx, params.id, body),
});

export const deleteDocumentTypeEndpoint = endpoint<{ id: string }>({
  method: "DELETE",
  path: "/document-types/{id}",
  summary:
    "Delete a document type; one that documents use is archived instead (archived: true) [document_type_access]",
  tag: "documents",
  auth: "user",
  run: (ctx, { params }) => deleteDocumentType(ctx, params.id),
});

export const getDocuments = endpoint({
  method: "GET",
  path: "/documents",
  summary: `Documents, newest first, 20 a page, filter[status] (pending, approved, declined, expiring, expired) and filter[type] (a document type's id). With user_id: that user's; ${SCOPE}. Without it: a document reviewer [approval_access, agency staff] gets every live user's documents, each with its user (cursor=start adds meta.next_cursor; cursor=<next_cursor> with page=<its page> reads the next page from there by keyset, past the 10,000-row offset too; a cursor this list did not give for these filters: 400 bad_cursor); a worker its own; anyone else (a client contact) 403`,
  tag: "documents",
  auth: "user",
  query: documentsListInput,
  paginated: true,
  run: (ctx, { query }) => listDocuments(ctx, query),
});

export const postDocument = endpoint({
  method: "POST",
  path: "/documents",
  summary:
    "Upload a document (multipart: document_type_id, file — PDF, JPEG, PNG or WebP by content, at most 10 MB — expires_on YYYY-MM-DD when the type has expiry, today or later; user_id for the office). Pending until reviewed",
  tag: "documents",
  auth: "user",
  body: uploadDocumentInput,
  status: 201,
  maxBodyBytes: UPLOAD_LIMIT,
  run: (ctx, { body }) => uploadDocument(ctx, asFields(body)),
});

export const getDocumentEndpoint = endpoint<{ id: string }>({
  method: "GET",
  path: "/documents/{id}",
  summary: `One document; ${SCOPE}`,
  tag: "documents",
  auth: "user",
  run: (ctx, { params }) => getDocument(ctx, params.id),
});

export const putDocument = endpoint<{ id: string }>({
  method: "PUT",
  path: "/documents/{id}",
  summary:
    "Change a document's expiry date (expires_on) and/or replace its file (multipart `file`); it goes back to pending",
  tag: "documents",
  auth: "user",
  body: updateDocumentInput,
  maxBodyBytes: UPLOAD_LIMIT,
  run: (ctx, { params, body }) => updateDocument(ctx, params.id, asFields(body)),
});

export const deleteDocumentEndpoint = endpoint<{ id: string }>({
  method: "DELETE",
  path: "/documents/{id}",
  summary:
    "Delete a document: the owner its pending or declined ones (403 for approved), the office any",
  tag: "documents",
  auth: "user",
  run: (ctx, { params }) => deleteDocument(ctx, params.id),
});

export const getDocumentFile = endpoint<{ id: string }>({
  method: "GET",
  path: "/documents/{id}/file",
  summary: `Download a document's file under its original name; ${SCOPE}`,
  tag: "documents",
  auth: "user",
  run: async (ctx, { params }) => {
    const file = await readDocumentFile(ctx, params.id);
    return new Response(new Uint8Array(file.body), {
      headers: {
        "content-type": file.contentType,
        "content-length": String(file.size),
        "content-disposition": attachmentDisposition(file.fileName),
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      },
    });
  },
});

export const documentsEndpoints: Endpoint[] = [
  getDocumentTypes,
  postDocumentType,
  getDocumentTypeEndpoint,
  putDocumentType,
  deleteDocumentTypeEndpoint,
  getDocuments,
  postDocument,
  getDocumentEndpoint,
  putDocument,
  deleteDocumentEndpoint,
  getDocumentFile,
] as Endpoint[];
