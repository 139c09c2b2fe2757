import { extractText, getDocumentProxy } from "unpdf";

/** The text of a PDF, page by page, as a reader would copy it (tests open what they download). */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  return text;
}

/** All the PDF's text as one string with single spaces. */
export async function pdfTextOf(bytes: Uint8Array): Promise<string> {
  return (await pdfPages(bytes)).join(" ").replace(/\s+/g, " ");
}
