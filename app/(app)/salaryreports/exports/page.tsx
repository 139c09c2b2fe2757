import { routeMetadata } from "@/lib/auth/metadata";
import { formatDateTime } from "@/lib/domain/format";
import { viewPlace } from "@/lib/domain/salary-screen";
import { lenientList, pageData } from "@/lib/http/page";
import { listSalaryExports, salaryExportPlace } from "@/lib/services/salary/export";
import { viewerTimeZone } from "@/lib/services/viewer-zone";
import { one, salaryPage, type Search } from "../data";
import { ExportPanel, type ExportScope } from "./export-panel";
import { ExportsTable } from "./exports-table";

export const metadata = routeMetadata("/salaryreports");
export const dynamic = "force-dynamic";

/**
 * /salaryreports/exports — the Export history tab: "Export period" for the period and place the
 * layout's filters name (the same view as the other tabs: last month by default, `branch_id`
 * or `country_id`), and every export so far, newest first, with its download.
 */
export default async function SalaryExportsPage({
  searchParams,
}: {
  searchParams: Promise<Search>;
}) {
  const { sp, ctx, view } = await salaryPage(searchParams);
  const period = { from: view.from, to: view.to };
  const place = viewPlace(view);
  const [{ data: page }, placeName, timeZone] = await Promise.all([
    lenientList((input) => listSalaryExports(ctx, input), { page: one(sp.page) }),
    pageData(salaryExportPlace(ctx, place)),
    viewerTimeZone(ctx),
  ]);
  const scope: ExportScope | null = placeName ? { ...period, ...place } : null;
  return (
    <>
      <ExportPanel scope={scope} periodLabel={view.label} placeLabel={placeName} />
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
