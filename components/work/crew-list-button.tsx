"use client";

import { useState } from "react";
import { FileDown } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogTrigger,
} from "@/components/ui/dialog";
import {
  CREW_LIST_FIELD_LABELS,
  CREW_LIST_FIELDS,
  DEFAULT_CREW_LIST_FIELDS,
  type CrewListField,
  type CrewListGroup,
} from "@/lib/services/crew/crew-list-model";

export interface CrewListButtonProps {
  jobId: number;
  /** The job's live shifts; `label` is what the user reads (date and time range). */
  shifts: { id: number; label: string }[];
}

/** The download address of a crew list (GET crew-list-pdf/{jobId}; the session cookie signs it). */
export function crewListHref(
  jobId: number,
  shiftIds: number[],
  fields: CrewListField[],
  groupBy: CrewListGroup,
): string {
  const q = new URLSearchParams({
    shifts: shiftIds.join(","),
    fields: fields.join(","),
    group_by: groupBy,
  });
  return `/api/v2/crew-list-pdf/${jobId}?${q.toString().replace(/%2C/g, ",")}`;
}

/**
 * "Crew list PDF": a dialog to choose the shifts, the columns and the grouping, then a plain
 * download link (the server answers with an attachment, so the page stays where it is).
 */
export function CrewListButton({ jobId, shifts }: CrewListButtonProps) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(shifts.map((s) => s.id)));
  const [fields, setFields] = useState<Set<CrewListField>>(() => new Set(DEFAULT_CREW_LIST_FIELDS));
  const [groupBy, setGroupBy] = useState<CrewListGroup>("shift");

  const toggle = <T,>(set: Set<T>, value: T, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(value);
    else next.delete(value);
    return next;
  };

  const shiftIds = shifts.map((s) => s.id).filter((id) => chosen.has(id));
  const fieldList = CREW_LIST_FIELDS.filter((f) => fields.has(f));
  const problem =
    shifts.length === 0
      ? "This job has no shifts yet."
      : shiftIds.length === 0
        ? "Choose at least one shift."
        : fieldList.length === 0
          ? "Choose at least one column."
          : null;
  const allChosen = shiftIds.length === shifts.length;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary">
          <FileDown aria-hidden="true" />
          Crew list PDF
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Crew list PDF"
        description="The people booked on the chosen shifts, as an A4 PDF."
        size="lg"
      >
        <div className="flex flex-col gap-5">
          {shifts.length > 0 && (
            <fieldset className="flex min-w-0 flex-col gap-1">
              <legend className="mb-1 text-sm font-medium text-gray-900">
                Shifts ({shiftIds.length} of {shifts.length})
              </legend>
              <Button
                type="button"
                variant="link"
                size="sm"
                className="self-start"
                onClick={() => setChosen(allChosen ? new Set() : new Set(shifts.map((s) => s.id)))}
              >
                {allChosen ? "Clear all" : "Select all"}
              </Button>
              <div className="flex max-h-56 flex-col overflow-y-auto rounded-control border border-gray-200 px-3">
                {shifts.map((s) => (
                  <Checkbox
                    key={s.id}
                    name="shifts"
                    value={s.id}
                    label={s.label}
                    checked={chosen.has(s.id)}
                    onChange={(e) => setChosen(toggle(chosen, s.id, e.target.checked))}
                  />
                ))}
              </div>
            </fieldset>
          )}

          <fieldset className="flex min-w-0 flex-col gap-1">
            <legend className="mb-1 text-sm font-medium text-gray-900">Columns</legend>
            <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
              {CREW_LIST_FIELDS.map((f) => (
                <Checkbox
                  key={f}
                  name="fields"
                  value={f}
                  label={CREW_LIST_FIELD_LABELS[f]}
                  checked={fields.has(f)}
                  onChange={(e) => setFields(toggle(fields, f, e.target.checked))}
                />
              ))}
            </div>
          </fieldset>

          <FormField label="Group by">
            <Select
              name="group_by"
              value={groupBy}
              onChange={(e) => setGroupBy(e.target.value as CrewListGroup)}
            >
              <option value="shift">Shift</option>
              <option value="skill">Skill</option>
            </Select>
          </FormField>

          {problem && <Alert tone="warning">{problem}</Alert>}
        </div>

        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="secondary">
              Cancel
            </Button>
          </DialogClose>
          {problem ? (
            <Button type="button" disabled>
              <FileDown aria-hidden="true" />
              Download PDF
            </Button>
          ) : (
            <a
              href={crewListHref(jobId, shiftIds, fieldList, groupBy)}
              download
              className={buttonClass()}
              onClick={() => setOpen(false)}
            >
              <FileDown aria-hidden="true" />
              Download PDF
            </a>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
