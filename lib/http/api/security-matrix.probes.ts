/**
 * The security matrix's second look (security-matrix.int.test.ts): operations a worker, an
 * applicant or a client contact may use on their own records answer their empty call with the
 * body's 422, so the matrix cannot tell from it whether they may reach another's. Each is
 * called here again with a well-formed body or query naming a record foreign to the caller —
 * another worker, another company's job — by the worker, the applicant and the client
 * contact: each answer is 403 or 404.
 */
import type { World } from "./security-matrix.test-support";

export interface Probe {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Path below /api/v2 as in the route map, e.g. "/payment-information/{id}". */
  path: string;
  params?: Record<string, string>;
  query?: string;
  json?: unknown;
  callers: ("W" | "N" | "C")[];
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

export function probes(w: World): Probe[] {
  const fw = String(w.ids.user.foreign);
  const fJob = Number(w.ids.job.foreign);
  const fApp = Number(w.ids.application.foreign);
  const fShift = Number(w.ids.shift.foreign);
  const fSlot = Number(w.ids.slot.foreign);
  const WNC: Probe["callers"] = ["W", "N", "C"];
  return [
    {
      method: "PUT",
      path: "/payment-information/{id}",
      params: { id: fw },
      json: { iban: "DK5000400440116243", swift: "DABADKKK" },
      callers: WNC,
    },
    {
      method: "POST",
      path: "/users/{id}/unavailable-days",
      params: { id: fw },
      json: { from: tomorrow() },
      callers: WNC,
    },
    {
      method: "DELETE",
      path: "/users/{id}/unavailable-days",
      params: { id: fw },
      json: { from: tomorrow() },
      callers: WNC,
    },
    { method: "POST", path: "/users/skills", json: { user_id: +fw, skills: [] }, callers: WNC },
    {
      method: "POST",
      path: "/users/experience",
      json: { user_id: +fw, skill_id: Number(w.ids.skill.foreign), experience: 3 },
      callers: WNC,
    },
    {
      method: "GET",
      path: "/notes",
      query: `filter[noteable_type]=jobs&filter[noteable_id]=${fJob}`,
      callers: WNC,
    },
    {
      method: "GET",
      path: "/notes",
      query: `filter[noteable_type]=users&filter[noteable_id]=${fw}`,
      callers: WNC,
    },
    {
      method: "POST",
      path: "/notes",
      json: { noteable_type: "jobs", noteable_id: fJob, comment: "probe" },
      callers: WNC,
    },
    {
      method: "POST",
      path: "/notes",
      json: { noteable_type: "users", noteable_id: +fw, comment: "probe" },
      callers: WNC,
    },
    {
      method: "POST",
      path: "/jobs/save-note",
      json: { job_id: fJob, note: "probe" },
      callers: WNC,
    },
    {
      method: "POST",
      path: "/jobs/pin-note",
      json: { noteId: Number(w.ids.note.foreign) },
      callers: WNC,
    },
    { method: "GET", path: "/salaryReport", query: `user_id=${fw}`, callers: WNC },
    { method: "GET", path: "/salaryReport", query: `job_id=${fJob}`, callers: WNC },
    {
      method: "GET",
      path: "/salary/slip",
      query: `user_id=${fw}&from=2026-01-01&to=2026-12-31`,
      callers: WNC,
    },
    { method: "GET", path: "/statistics/unpaid-earnings", query: `user_id=${fw}`, callers: WNC },
    {
      method: "POST",
      path: "/reported-hours",
      json: { application_id: fApp, start: "08:00", end: "16:00", i_was_late: 0 },
      callers: WNC,
    },
    {
      method: "PUT",
      path: "/applications/{id}",
      params: { id: String(fApp) },
      json: { status: "Denied" },
      callers: WNC,
    },
    {
      method: "POST",
      path: "/my-dashboard/check-in",
      json: { application_id: fApp, assignee_id: +fw },
      callers: WNC,
    },
    {
      method: "POST",
      path: "/applications",
      json: { assignee_id: +fw, shiftIds: [fShift], shift_slots: [fSlot], status: "Booked" },
      callers: WNC,
    },
    {
      method: "POST",
      path: "/rates/missing-rates-book",
      json: { assignee_id: +fw, shiftIds: [fShift], shift_slots: [fSlot], status: "Booked" },
      callers: WNC,
    },
  ];
}
