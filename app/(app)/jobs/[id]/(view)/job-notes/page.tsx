import type { Metadata } from "next";
import { requestCtx } from "@/lib/auth/session";
import { pageData } from "@/lib/http/page";
import { listNotes } from "@/lib/services/notes";
import { jobForPage } from "../../data";
import { NotesPanel } from "./notes-panel";

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
  return <NotesPanel jobId={job.id} notes={notes.items} timeZone={job.country.time_zone} />;
}
