import { redirect } from "next/navigation";

// The job opens on its Shifts tab.
export default async function JobPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  redirect(`/jobs/${encodeURIComponent(id)}/shifts`);
}
