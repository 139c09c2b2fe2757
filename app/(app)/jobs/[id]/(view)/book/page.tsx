import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { requestCtx } from "@/lib/auth/session";
import { pageData } from "@/lib/http/page";
import { bookBoard } from "@/lib/services/applications";
import { formatRange } from "@/lib/domain/format";
import { CrewListButton } from "@/components/work/crew-list-button";
import { jobForPage } from "../../data";
import { BookBoardView } from "./book-board";

export async function generateMetadata({
  params,
}: {
  params: Promise<{ id: string }>;
}): Promise<Metadata> {
  const job = await jobForPage((await params).id);
  return { title: `${job.name} · Book` };
}

export default async function JobBookPage({ params }: { params: Promise<{ id: string }> }) {
  const job = await jobForPage((await params).id);
  const board = await pageData(bookBoard(await requestCtx(), job.id));
  const tz = board.job.time_zone;
  if (board.shifts.length === 0)
    return <EmptyState title="No shifts to book" hint="Add shifts to this job from Edit job." />;
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-gray-600">
          Book crew onto each shift&apos;s slots. Conflicts with a worker&apos;s other shifts are
          shown before you book.
        </p>
        <CrewListButton
          jobId={board.job.id}
          shifts={board.shifts.map((s) => ({
            id: s.id,
            label: formatRange(new Date(s.start), new Date(s.end), tz),
          }))}
        />
      </div>
      <BookBoardView board={board} branches={job.book_from_branches} />
    </>
  );
}
