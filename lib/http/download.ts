/**
 * Content-Disposition for a download: a plain ASCII `filename` for old clients and the exact
 * name as RFC 5987 `filename*` (UTF-8, percent-encoded), which browsers prefer (RFC 6266).
 */
export function attachmentDisposition(filename: string): string {
  // Control characters go; path separators would make some clients build a directory path;
  // a lone surrogate would make encodeURIComponent throw.
  const clean = filename
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .replace(/[/\\]/g, "_")
    .toWellFormed();
  const ascii = clean.replace(/[^\x20-\x7e]/g, "_").replace(/"/g, "_");
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * A generated file (PDF, xlsx, ZIP) as a download: its bytes or a stream, its type and name.
 * Never kept by a shared cache: these carry names, amounts and contact details.
 */
export function fileDownload(
  body: Uint8Array | ReadableStream<Uint8Array>,
  filename: string,
  contentType: string,
  /** A stream's length when known (a stored file): the browser shows the download's progress. */
  size?: number,
): Response {
  const headers: Record<string, string> = {
    "content-type": contentType,
    "content-disposition": attachmentDisposition(filename),
    "cache-control": "private, no-store",
  };
  const length = body instanceof Uint8Array ? body.byteLength : size;
  if (length !== undefined) headers["content-length"] = String(length);
  return new Response(body as BodyInit, { headers });
}
