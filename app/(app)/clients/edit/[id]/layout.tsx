import { clientForPage } from "../../client-data";

/**
 * Loads the client before loading.tsx's boundary: once a page streams, its status (200) is
 * sent, so an unknown client must be decided here for the 404 screen to answer 404.
 */
export default async function EditClientLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ id: string }>;
}) {
  await clientForPage((await params).id);
  return children;
}
