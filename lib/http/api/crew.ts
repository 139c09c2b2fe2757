import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import { fileDownload } from "../download";
import {
  crewListInput,
  crewListPdf,
  jobCrewStatus,
  shiftCrewStatus,
  updateAfterBook,
} from "@/lib/services/crew";

export const getJobCrewStatus = endpoint<{ id: string }>({
  method: "GET",
  path: "/job-crew-status/{id}",
  summary:
    "Fill figures of a job: per shift and slot positions, filled, free, checked in, and applications per status",
  tag: "jobs",
  auth: "user",
  run: (ctx, { params }) => jobCrewStatus(ctx, params.id),
});

export const getShiftCrewStatus = endpoint<{ id: string }>({
  method: "GET",
  path: "/shift-crew-status/{id}",
  summary: "One shift: its slots with the people on them (status, check-in, hours) and figures",
  tag: "jobs",
  auth: "user",
  run: (ctx, { params }) => shiftCrewStatus(ctx, params.id),
});

export const getUpdateAfterBook = endpoint<{ id: string }>({
  method: "GET",
  path: "/jobs/{id}/updateAfterBook",
  summary:
    "What the book tab redraws after a booking: job status, positions and filled per shift and slot",
  tag: "jobs",
  auth: "user",
  run: (ctx, { params }) => updateAfterBook(ctx, params.id),
});

export const getCrewListPdf = endpoint<{ jobId: string }>({
  method: "GET",
  path: "/crew-list-pdf/{jobId}",
  summary:
    "The crew list of a job as an A4 PDF (application/pdf, named '<job name> crewlist.pdf'): shifts, fields, group_by (shift|skill)",
  tag: "jobs",
  auth: "user",
  query: crewListInput,
  run: async (ctx, { params, query }) => {
    const { buffer, filename } = await crewListPdf(ctx, params.jobId, query);
    return fileDownload(new Uint8Array(buffer), filename, "application/pdf");
  },
});

/** Crew status, the crew list PDF and the book tab's refresh (spec §7 Jobs). */
export const crewEndpoints: Endpoint[] = [
  getJobCrewStatus as unknown as Endpoint,
  getShiftCrewStatus as unknown as Endpoint,
  getUpdateAfterBook as unknown as Endpoint,
  getCrewListPdf as unknown as Endpoint,
];
