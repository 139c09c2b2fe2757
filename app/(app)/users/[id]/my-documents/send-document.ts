/**
 * Multipart calls to /api/v2/documents (the route sniffs and stores the file): the server's
 * message and field errors come back as they are, for the form to show in place.
 */
export type SendResult =
  { ok: true; message: string } | { ok: false; message: string; errors: Record<string, string[]> };

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** The files a document may be (the route sniffs the bytes), as the file input's `accept`. */
export const DOCUMENT_ACCEPT = "application/pdf,image/jpeg,image/png,image/webp";
export const DOCUMENT_FILE_HINT = "PDF, JPEG, PNG or WebP, at most 10 MB.";
export const TOO_LARGE = "The file may not be larger than 10 MB.";

export async function sendDocument(
  url: string,
  method: "POST" | "PUT",
  fields: Record<string, string | File | null>,
): Promise<SendResult> {
  const file = fields.file;
  if (file instanceof File && file.size > MAX_DOCUMENT_BYTES)
    return { ok: false, message: TOO_LARGE, errors: { file: [TOO_LARGE] } };
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== null && v !== "") form.append(k, v);
  try {
    const res = await fetch(url, { method, body: form });
    const body = (await res.json().catch(() => null)) as {
      data?: { message?: string };
      message?: string;
      errors?: Record<string, string[]>;
    } | null;
    if (!res.ok)
      return {
        ok: false,
        message: body?.message ?? "Sorry there was an error",
        errors: body?.errors ?? {},
      };
    return { ok: true, message: body?.data?.message ?? "Data updated successfully!" };
  } catch {
    return { ok: false, message: "Sorry there was an error", errors: {} };
  }
}
