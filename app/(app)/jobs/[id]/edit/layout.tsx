import { jobForEdit } from "./data";

/**
 * Loads the job before loading.tsx's boundary: once a page streams, its status (200) is
 * sent, so an unknown job must be decided here for the 404 screen to answer 404.
 */
export default async function EditJobLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ id: string }>;
}) {
  await jobForEdit((await params).id);
  return children;
}
