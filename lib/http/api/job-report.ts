import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import { jobReport } from "@/lib/services/jobs/report";
import { jobReportStream } from "@/lib/services/jobs/report-xlsx";
import { fileDownload } from "../download";

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export const getJobReport = endpoint<{ id: string }>({
  method: "GET",
  path: "/jobs/{id}/report",
  summary:
    "The client's job report as .xlsx, streamed, named '<first day YYYY-MM-DD>_<company>_<job name>.xlsx': approved hours per shift and worker (planned and approved times, hours per band, client price per band, amount), additional costs, totals per currency. 404 type ERR.NO_REPORTS_FOR_JOB without approved hours; 410 type MissingRates with `skills` when a worked skill has no client price [can_view_job_projection (office), or a client contact of the job's company]",
  tag: "jobs",
  auth: "user",
  run: async (ctx, { params }) => {
    const report = await jobReport(ctx, params.id);
    return fileDownload(jobReportStream(report), report.filename, XLSX_TYPE);
  },
});

export const jobReportEndpoints: Endpoint[] = [getJobReport] as Endpoint[];
