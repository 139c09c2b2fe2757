import { notFound } from "next/navigation";
import { quoteForPage } from "../../job-quotes/[id]/data";

/**
 * Loads the quote before loading.tsx's boundary, so an unknown quote, an accepted one or an
 * older revision (none can be edited) answers 404 with the 404 screen.
 */
export default async function EditQuoteLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ id: string }>;
}) {
  const q = await quoteForPage((await params).id);
  if (!q.actions.edit) notFound();
  return children;
}
