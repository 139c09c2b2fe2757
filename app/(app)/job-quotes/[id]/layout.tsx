import { quoteForPage } from "./data";

/**
 * Loads the quote before loading.tsx's boundary: once a page streams, its status (200) is
 * sent, so an unknown quote (or another company's) must be decided here to answer 404.
 */
export default async function QuoteLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ id: string }>;
}) {
  await quoteForPage((await params).id);
  return children;
}
