import { requestCtx } from "@/lib/auth/session";
import { pageData } from "@/lib/http/page";
import { listNotes } from "@/lib/services/notes";
import { profileTab } from "../data";
import { NotesPanel } from "@/components/notes/notes-panel";
import { viewerTimeZone } from "@/lib/services/viewer-zone";
import { addUserNote, editUserNote, removeUserNote } from "../actions";

export default async function NotesTab({ params }: { params: Promise<{ id: string }> }) {
  const profile = await profileTab((await params).id, "notes");
  const ctx = await requestCtx();
  const [notes, timeZone] = await Promise.all([
    pageData(
      listNotes(ctx, {
        perPage: 100,
        filter: { noteable_id: profile.id, noteable_type: "users" },
      }),
    ),
    viewerTimeZone(ctx),
  ]);
  // Notes on a person are the office's: never shown to the person, and not pinned.
  return (
    <NotesPanel
      notes={notes.items}
      timeZone={timeZone}
      formHint="Seen by the office only, never by this person."
      emptyHint="Add the first note about this person above."
      deleteHint="The note is removed for everyone in the office."
      add={addUserNote.bind(null, profile.id)}
      edit={editUserNote}
      remove={removeUserNote}
      refusal={profile.can.refusal}
    />
  );
}
