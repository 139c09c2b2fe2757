import type { Metadata } from "next";
import { requestCtx } from "@/lib/auth/session";
import { pageData } from "@/lib/http/page";
import { listNotes } from "@/lib/services/notes";
import { jobForPage } from "../../data";
import { NotesPanel } from "@/components/notes/notes-panel";
import { addJobNote, editNote, removeNote, togglePin } from "./actions";

export async function generateMetadata({
  params,
}: {
  params: Promise<{ id: string }>;
}): Promise<Metadata> {
  const job = await jobForPage((await params).id);
  return { title: `${job.name} · Notes` };
}

export default async function JobNotesPage({ params }: { params: Promise<{ id: string }> }) {
  const job = await jobForPage((await params).id);
  const notes = await pageData(
    listNotes(await requestCtx(), {
      perPage: 100,
      filter: { noteable_id: job.id, noteable_type: "jobs" },
    }),
  );
  return (
    <NotesPanel
      notes={notes.items}
      timeZone={job.country.time_zone}
      formHint="Visible to everyone who works on this job in the office and to its crew bosses."
      emptyHint="Keep what the crew and the office need to know about this job here: access codes, contacts, changes."
      deleteHint="The note is removed for everyone who works on this job."
      add={addJobNote.bind(null, job.id)}
      edit={editNote}
      remove={removeNote}
      pin={togglePin}
    />
  );
}
