/** A small valid one-page PDF for uploads (the server sniffs the bytes). */
export const DOCUMENT_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
  "latin1",
);

export const shotDir = "/tmp/shots-docs";
