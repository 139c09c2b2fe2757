import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import { fileDownload } from "../download";
import { crewRoster, rosterInput } from "@/lib/services/roster";
import { rosterStream } from "@/lib/services/roster/roster-xlsx";
import { XLSX_TYPE } from "./job-report";

export const getRoster = endpoint({
  method: "GET",
  path: "/roster",
  summary:
    "The crew roster as an .xlsx named Crew-roster.xlsx, streamed: one sheet per job (its name, made unique, ≤ 31 characters) with a title block (client, venue, dates, project manager, crew bosses) and the shifts whose local start date lies in start–end, each with its people (name, phone, skill, planned times, status, check-in) in the job's time zone. jobs (comma list of job ids) or client (company id), start and end (YYYY-MM-DD, at most a year). 404 type no_roster_data without shifts in the range; 404 when a job is unknown or outside the caller's scope (never a partial roster); 422 on bad input [job_view and jobs_book_workers, can_request_worker or approval_access; a client contact only its own company's jobs]",
  tag: "jobs",
  auth: "user",
  query: rosterInput,
  run: async (ctx, { query }) => {
    const roster = await crewRoster(ctx, query);
    return fileDownload(rosterStream(roster), roster.filename, XLSX_TYPE);
  },
});

/** The crew roster download (issue 25). */
export const rosterEndpoints: Endpoint[] = [getRoster] as Endpoint[];
