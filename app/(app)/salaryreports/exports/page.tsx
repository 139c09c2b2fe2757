import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { formatDateTime } from "@/lib/domain/format";
import { periodLabel } from "@/lib/domain/salary";
import { isoOfDay, parseDateEntry } from "@/lib/domain/time-entry";
import { lenientList, pageData } from "@/lib/http/page";
import { listSalaryExports, salaryExportPlace } from "@/lib/services/salary/export";
import { isId } from "@/lib/services/params";
import { viewerTimeZone } from "@/lib/services/viewer-zone";
import { ExportPanel, type ExportScope } from "./export-panel";
import { ExportsTable } from "./exports-table";

export const metadata = routeMetadata("/salaryreports");
export const dynamic = "force-dynamic";

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** A date of the tab's filters (YYYY-MM-DD or DD/MM/YYYY, as the verbs take it), or null. */
function day(v: string | undefined): string | null {
  const d = v ? parseDateEntry(v) : null;
  return d ? isoOfDay(d) : null;
}

/** The current month (spec §9: the default range is the current month). */
function thisMonth(now: Date): { from: string; to: string } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, "0");
  return { from: `${y}-${mm}-01`, to: `${y}-${mm}-${last}` };
}

/**
 * /salaryreports/exports — the Export history tab: "Export period" for the period and place of
 * the tab's filters (searchParams from, to, branch, country: the layout draws the filters and
 * the tabs), and every export so far, newest first, with its download.
 */
export default async function SalaryExportsPage({
  searchParams,
}: {
  searchParams: Promise<Search>;
}) {
  const sp = await searchParams;
  const ctx = await requestCtx();
  const [from, to] = [day(one(sp.from)), day(one(sp.to))];
  const period = from && to && from <= to ? { from, to } : thisMonth(ctx.now);
  const branch = one(sp.branch);
  const country = one(sp.country);
  const place = isId(branch)
    ? { branch_id: Number(branch) }
    : isId(country)
      ? { country_id: Number(country) }
      : {};
  const [{ data: page }, placeName, timeZone] = await Promise.all([
    lenientList((input) => listSalaryExports(ctx, input), { page: one(sp.page) }),
    pageData(salaryExportPlace(ctx, place)),
    viewerTimeZone(ctx),
  ]);
  const scope: ExportScope | null = placeName ? { ...period, ...place } : null;
  return (
    <>
      <ExportPanel
        scope={scope}
        periodLabel={periodLabel(period.from, period.to)}
        placeLabel={placeName}
      />
      <h2 className="mb-2 font-semibold text-gray-900">Export history</h2>
      <ExportsTable
        items={page.items.map((r) => ({
          ...r,
          when: formatDateTime(new Date(r.created_at), timeZone),
        }))}
        meta={page.meta}
      />
    </>
  );
}
