import { venueForPage } from "./data";

/**
 * Loads the venue before loading.tsx's boundary: once a page streams, its status (200) is
 * sent, so an unknown venue must be decided here for the 404 screen to answer 404.
 */
export default async function EditVenueLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ id: string }>;
}) {
  await venueForPage((await params).id);
  return children;
}
