import { requestCtx } from "@/lib/auth/session";
import { pageData } from "@/lib/http/page";
import { listNotes } from "@/lib/services/notes";
import { profileTab } from "../data";
import { UserNotes } from "./user-notes";

export default async function NotesTab({ params }: { params: Promise<{ id: string }> }) {
  const profile = await profileTab((await params).id, "notes");
  const notes = await pageData(
    listNotes(await requestCtx(), {
      perPage: 100,
      filter: { noteable_id: profile.id, noteable_type: "users" },
    }),
  );
  return <UserNotes userId={profile.id} notes={notes.items} />;
}
