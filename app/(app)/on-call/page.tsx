import { Pagination } from "@/components/ui/pagination";
import { PageHeader } from "@/components/ui/page-header";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { formatDate } from "@/lib/domain/format";
import { lenientList } from "@/lib/http/page";
import { listOnCall } from "@/lib/services/on-call";
import { viewerTimeZone } from "@/lib/services/viewer-zone";
import { AddWorker } from "./add-worker";
import { OnCallList } from "./on-call-list";

export const metadata = routeMetadata("/on-call");

/** /on-call: the workers the office can ring at short notice (spec §3, §7 On-call). */
export default async function OnCallPage({
  searchParams,
}: {
  searchParams: Promise<{ page?: string | string[] }>;
}) {
  const { page } = await searchParams;
  const ctx = await requestCtx();
  const [{ data }, timeZone] = await Promise.all([
    lenientList((input) => listOnCall(ctx, input), {
      page: Array.isArray(page) ? page[0] : page,
    }),
    viewerTimeZone(ctx),
  ]);
  return (
    <>
      <PageHeader
        title="On-call list"
        description="Workers who can come in at short notice: call them straight from here."
      />
      <div className="mb-4">
        <AddWorker />
      </div>
      <OnCallList
        items={data.items}
        addedOn={data.items.map((r) => formatDate(new Date(r.added_at), timeZone))}
      />
      <Pagination meta={data.meta} label="On-call list pages" className="mt-4" />
    </>
  );
}
