import { redirect } from "next/navigation";
import { pageId } from "@/lib/http/page";

// The profile opens on its Personal tab; an id that cannot exist is a 404 here already.
export default async function UserPage({ params }: { params: Promise<{ id: string }> }) {
  redirect(`/users/${pageId((await params).id, "User")}/personal`);
}
