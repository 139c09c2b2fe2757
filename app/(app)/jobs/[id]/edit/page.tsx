import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { JobForm } from "@/components/jobs/job-form/job-form";
import { requestCtx } from "@/lib/auth/session";
import { canEstimateCosts } from "@/lib/services/rates/estimate";
import { pageData } from "@/lib/http/page";
import { createEditorState, shiftFromStored } from "@/lib/domain/shift-editing";
import { jobFormOptions } from "@/lib/services/jobs/form-options";
import { estimateCostsAction, loadCompanyOptions, updateJobAction } from "./actions";
import { jobForEdit } from "./data";

export const metadata: Metadata = { title: "Edit job" };

export default async function EditJobPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const ctx = await requestCtx();
  const [job, options] = await Promise.all([jobForEdit(id), pageData(jobFormOptions(ctx))]);
  const prices = canEstimateCosts(ctx);
  const shifts = createEditorState(
    job.shifts.map((s) =>
      shiftFromStored(
        {
          id: s.id,
          start: new Date(s.start),
          end: new Date(s.end),
          projectManagerId: s.project_manager_id,
          contactOnLocationId: s.contact_on_location_id,
          dresscodeId: s.dresscode_id,
          dresscodeNotes: s.dresscode_notes,
          notesForWorkers: s.notes_for_workers,
          description: s.description,
          slots: s.shift_slots.map((x) => ({
            id: x.id,
            skillId: x.skill_id,
            skillName: x.skill.name,
            positions: x.positions,
          })),
        },
        job.time_zone,
      ),
    ),
    job.time_zone,
  );
  const save = updateJobAction.bind(null, job.id);
  return (
    <>
      <PageHeader
        title={`Edit ${job.name}`}
        description="Change the job, move or remove shifts and adjust the skills they need."
      />
      <JobForm
        mode="edit"
        jobId={job.id}
        now={ctx.now.toISOString()}
        options={{
          ...options,
          // The job's archived branches stay ticked and named until the form lets them go.
          branches: [
            ...options.branches,
            ...job.archived_branches.map((b) => ({ ...b, archived: true })),
          ],
        }}
        initialFields={{
          name: job.name,
          company_id: job.company_id,
          country_id: job.country_id,
          venue_id: job.venue_id,
          venue_name: "",
          address: job.address ?? "",
          city: job.city ?? "",
          zip: job.zip ?? "",
          province: job.province ?? "",
          entrance: job.entrance ?? "",
          invoice_reference: job.invoice_reference ?? "",
          contact_on_location_id: job.contact_on_location_id,
          project_manager_id: job.project_manager_id,
          dresscode_id: job.dresscode_id,
          details: job.details ?? "",
          book_from_branches: job.book_from_branches,
          booker_id: job.booker_id,
          reason: job.reason ?? "",
          sendEmail: false,
          is_past: false,
        }}
        initialShifts={shifts}
        loadCompany={loadCompanyOptions}
        estimate={prices ? estimateCostsAction : undefined}
        save={save}
      />
    </>
  );
}
