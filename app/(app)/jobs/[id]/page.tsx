import { redirect } from "next/navigation";
import { pageId } from "@/lib/http/page";

// The job opens on its Shifts tab; an id that cannot exist is a 404 here already.
export default async function JobPage({ params }: { params: Promise<{ id: string }> }) {
  redirect(`/jobs/${pageId((await params).id, "Job")}/shifts`);
}
