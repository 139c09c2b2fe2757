import { templateForPage } from "./data";

/**
 * Loads the template before loading.tsx's boundary: once a page streams, its status (200) is
 * sent, so an unknown template must be decided here for the 404 screen to answer 404.
 */
export default async function JobTemplateLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ id: string }>;
}) {
  await templateForPage((await params).id);
  return children;
}
