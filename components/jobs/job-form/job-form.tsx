"use client";

import { useEffect, useMemo, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { CalendarPlus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { DateInput } from "@/components/ui/date-input";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { notify } from "@/components/ui/toaster";
import { runOrNetworkError } from "@/components/master-data/record-dialog";
import type { ActionResult } from "@/lib/http/action";
import {
  ShiftEditError,
  addShift,
  copyShiftToDates,
  nextShiftInput,
  setShiftDate,
  setShiftDetails,
  setShiftDuration,
  setShiftEnd,
  setShiftStart,
  setSlot,
  toCreatePayload,
  toEditPayload,
  toggleShiftDeleted,
  toggleSlotDeleted,
  type ShiftEditorState,
  type ShiftId,
} from "@/lib/domain/shift-editing";
import { groupSkillsByParent, withFrequentGroup } from "@/lib/domain/skill-groups";
import { formatDate } from "@/lib/domain/format";
import { checkJobForm, hasErrors, humanJobErrors } from "@/lib/domain/job-form-check";
import { displayToIso, isoToDisplay } from "@/lib/domain/time-entry";
import { JobFields } from "./job-fields";
import { useJobFormErrors } from "./use-job-form-errors";
import { ShiftCard } from "./shift-card";
import { EstimatePanel, type EstimateAction } from "./estimate-panel";
import type { CompanyOptions, JobFieldValues, JobFormOptions, JobSavePayload } from "./types";

type SaveResult = ActionResult<{ id: number }>;

export interface JobFormProps {
  mode: "create" | "edit";
  jobId?: number;
  options: JobFormOptions;
  /**
   * The request's time (ISO), from the server page. The form reads "today" from it, never from
   * the clock while rendering: the browser's clock could be past midnight in the job's zone
   * when the server's was not, and the two would draw different default dates.
   */
  now: string;
  initialFields: JobFieldValues;
  initialShifts: ShiftEditorState;
  loadCompany: (companyId: number) => Promise<ActionResult<CompanyOptions>>;
  save: (payload: JobSavePayload) => Promise<SaveResult>;
  /** The live price estimate; left out for users who may not see client prices. */
  estimate?: EstimateAction;
}

const JOB_UPDATED_MS = 700;

export function JobForm({
  mode,
  jobId,
  options,
  now,
  initialFields,
  initialShifts,
  loadCompany,
  save,
  estimate,
}: JobFormProps) {
  const router = useRouter();
  const [fields, setFields] = useState(initialFields);
  const [shifts, setShifts] = useState(initialShifts);
  const [company, setCompany] = useState<CompanyOptions | null>(null);
  const shown = useJobFormErrors();
  const { errors, shiftErrors, formRef } = shown;
  const [confirm, setConfirm] = useState<{
    message: string;
    payload: Record<string, unknown>;
  } | null>(null);
  const [pending, start] = useTransition();
  const [newDate, setNewDate] = useState("");

  const tz = options.countries.find((c) => c.id === fields.country_id)?.time_zone ?? "UTC";
  // The editor works in the chosen country's zone; changing the country re-reads the same clock times there.
  const editor: ShiftEditorState = shifts.timeZone === tz ? shifts : { ...shifts, timeZone: tz };
  const today = formatDate(new Date(now), tz);

  useEffect(() => {
    if (!fields.company_id) return;
    let live = true;
    loadCompany(fields.company_id).then((r) => {
      if (!live) return;
      if (r.ok) setCompany(r.data);
      else notify.error(r.message);
    });
    return () => {
      live = false;
    };
  }, [fields.company_id, loadCompany]);

  const skillGroups = useMemo(
    () =>
      withFrequentGroup(
        groupSkillsByParent(
          options.skills.map((s) => ({
            id: s.id,
            name: s.name,
            parentId: s.parent_id,
            order: s.order,
          })),
        ),
        company?.frequentSkillIds ?? [],
      ),
    [options.skills, company],
  );
  const skillName = (id: number) => options.skills.find((s) => s.id === id)?.name ?? `Skill ${id}`;
  const people = [
    ...options.staff,
    ...(company?.contacts ?? []).filter((c) => !options.staff.some((s) => s.id === c.id)),
  ];

  /** A changed field or shift drops the errors shown on it. */
  const setFieldValues = (patch: Partial<JobFieldValues>) => {
    setFields((f) => ({ ...f, ...patch }));
    shown.dropFields(Object.keys(patch));
  };

  // Updaters validate their input and throw; run them eagerly so the error can be shown.
  const apply = (fn: (s: ShiftEditorState) => ShiftEditorState, shiftId?: ShiftId) => {
    try {
      const next = fn(editor);
      setShifts(next);
      if (shiftId !== undefined) shown.dropShift(shiftId);
    } catch (e) {
      if (e instanceof ShiftEditError) notify.error(e.message);
      else throw e;
    }
  };

  const addNewShift = () => {
    apply((s) => addShift(s, nextShiftInput(s, { date: isoToDisplay(newDate), today })));
    setNewDate("");
    shown.dropFields(["shifts"]);
  };

  const submit = (status: "Published" | "Draft", extra: Record<string, unknown> = {}) => {
    // Everything the form can tell is checked at once and shown in place, once.
    const found = checkJobForm(fields, editor.shifts);
    if (hasErrors(found)) return shown.show(found);
    shown.clear();
    const live = editor.shifts.filter((s) => !s.isDeleted);
    const order: ShiftId[] =
      mode === "create" ? live.map((s) => s.id) : toEditPayload(editor).map((s) => s.id);
    const payload: JobSavePayload = {
      ...fields,
      venue_name: fields.venue_id ? null : fields.venue_name.trim() || null,
      booker_id: options.canSelectBooker ? fields.booker_id : undefined,
      dresscode_id: fields.dresscode_id ?? null,
      shifts: mode === "create" ? live.map(toCreatePayload) : toEditPayload(editor),
      ...(mode === "create" ? { status } : {}),
      ...extra,
    };
    if (!options.canSelectBooker) delete payload.booker_id;
    start(async () => {
      // A refused or failed call keeps the form as it is, with the reason in a toast.
      const r = await runOrNetworkError(() => save(payload), payload);
      if (!r) return;
      if (r.ok) {
        if (mode === "create") {
          notify.success("Job created successfully!");
          router.push(`/jobs/${r.data.id}`);
        } else {
          notify.success("Job successfully updated!", JOB_UPDATED_MS);
          router.push(`/jobs/${jobId}/shifts`);
        }
        router.refresh();
        return;
      }
      if (r.status === 410) {
        setConfirm({ message: r.message, payload: { ...extra, status } });
        return;
      }
      const found = humanJobErrors(r.errors, order);
      // Past shifts are confirmed with the "in the past" box: its question goes there.
      if (r.type === "past_shifts") found.fields.is_past = [r.message];
      // Field errors show in place only; a failure of no field (403, 409 …) is a toast.
      if (hasErrors(found)) shown.show(found);
      else notify.error(r.message);
    });
  };

  return (
    <form
      noValidate
      ref={formRef}
      onSubmit={(e) => {
        e.preventDefault();
        submit("Published");
      }}
      className="flex flex-col gap-6"
    >
      <Card>
        <CardHeader>
          <CardTitle>Job</CardTitle>
        </CardHeader>
        <CardContent>
          <JobFields
            values={fields}
            set={setFieldValues}
            options={options}
            company={company}
            errors={errors}
            lockCompany={mode === "edit" && options.companies.length <= 1}
          />
        </CardContent>
      </Card>

      <section aria-labelledby="shifts-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="shifts-heading" className="text-lg font-semibold text-gray-900">
              Shifts
            </h2>
            <p className="text-sm text-gray-600">
              Times are in {tz}. An end before the start is the next day.
            </p>
          </div>
          <div className="flex flex-wrap items-end gap-2">
            <FormField label="Date of the new shift" className="w-48" errors={errors.shifts}>
              <DateInput
                value={newDate || (shifts.shifts.length ? "" : displayToIso(today))}
                onValueChange={setNewDate}
              />
            </FormField>
            <Button type="button" variant="secondary" onClick={addNewShift}>
              <CalendarPlus aria-hidden /> Add shift
            </Button>
          </div>
        </div>
        {shifts.shifts.length === 0 ? (
          <EmptyState
            title="No shifts yet"
            hint="Add the first shift: its date, times and the skills it needs."
          />
        ) : (
          shifts.shifts.map((shift, index) => (
            <ShiftCard
              key={String(shift.id)}
              shift={shift}
              index={index}
              skillGroups={skillGroups}
              people={people}
              dressCodes={options.dressCodes}
              errors={shiftErrors[String(shift.id)] ?? {}}
              on={{
                setDate: (d) => apply((s) => setShiftDate(s, shift.id, d), shift.id),
                setStart: (t) => apply((s) => setShiftStart(s, shift.id, t), shift.id),
                setEnd: (t) => apply((s) => setShiftEnd(s, shift.id, t), shift.id),
                setDuration: (h) => apply((s) => setShiftDuration(s, shift.id, h), shift.id),
                setDetails: (p) => apply((s) => setShiftDetails(s, shift.id, p), shift.id),
                setSlot: (skillId, qty) =>
                  apply(
                    (s) => setSlot(s, shift.id, { skillId, skillName: skillName(skillId), qty }),
                    shift.id,
                  ),
                toggleSlot: (skillId) =>
                  apply((s) => toggleSlotDeleted(s, shift.id, skillId), shift.id),
                toggleDeleted: () => apply((s) => toggleShiftDeleted(s, shift.id), shift.id),
                copyTo: (d) => apply((s) => copyShiftToDates(s, shift.id, [d])),
              }}
            />
          ))
        )}
      </section>

      {estimate && (
        <EstimatePanel
          jobId={jobId}
          companyId={fields.company_id}
          countryId={fields.country_id}
          bookFromBranches={fields.book_from_branches}
          shifts={editor.shifts}
          estimate={estimate}
        />
      )}

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-3 border-t border-gray-200 bg-white/95 px-4 py-3 backdrop-blur sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <Checkbox
            label="E-mail the PM and contact on location"
            checked={fields.sendEmail}
            onChange={(e) => setFields((f) => ({ ...f, sendEmail: e.target.checked }))}
          />
          {mode === "create" && (
            <Checkbox
              label="This job is in the past"
              checked={fields.is_past}
              errors={errors.is_past}
              onChange={(e) => setFieldValues({ is_past: e.target.checked })}
            />
          )}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button type="button" variant="secondary" onClick={() => router.back()}>
            Cancel
          </Button>
          {mode === "create" && (
            <Button
              type="button"
              variant="secondary"
              loading={pending}
              onClick={() => submit("Draft")}
            >
              Save as draft
            </Button>
          )}
          <Button type="submit" loading={pending}>
            {mode === "create" ? "Create job" : "Save changes"}
          </Button>
        </div>
      </div>

      <Dialog open={confirm !== null} onOpenChange={(o) => !o && setConfirm(null)}>
        <DialogContent title="Cancel these bookings?" description={confirm?.message}>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                Go back
              </Button>
            </DialogClose>
            <Button
              type="button"
              variant="danger"
              loading={pending}
              onClick={() => {
                const p = confirm?.payload ?? {};
                setConfirm(null);
                submit((p.status as "Published" | "Draft") ?? "Published", {
                  ...p,
                  cancel_bookings: true,
                });
              }}
            >
              Cancel bookings and save
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </form>
  );
}
