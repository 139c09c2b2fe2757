"use client";

import { useState } from "react";
import { Copy, Plus, RotateCcw, Trash2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { DateInput } from "@/components/ui/date-input";
import { FieldErrors, FormField, Input, Textarea } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import { NumberInput } from "@/components/ui/number-input";
import { TimeInput } from "@/components/ui/time-input";
import { cn } from "@/components/ui/cn";
import { formatDayOffset, formatHours } from "@/lib/domain/format";
import type { FieldErrors as ErrorMap } from "@/lib/domain/job-form-check";
import type { ShiftEdit, ShiftDetails } from "@/lib/domain/shift-editing";
import { inSkillOrder, skillRanks, type SkillGroup } from "@/lib/domain/skill-groups";
import { displayToIso, isoToDisplay } from "@/lib/domain/time-entry";
import { SHIFT_TEXT_LIMITS } from "@/lib/domain/text-limits";
import type { UserOption } from "@/lib/services/reference";

export interface ShiftCardHandlers {
  setDate: (date: string) => void;
  setStart: (start: string) => void;
  setEnd: (end: string) => void;
  setDuration: (hours: number) => void;
  setDetails: (patch: Partial<ShiftDetails>) => void;
  setSlot: (skillId: number, qty: number) => void;
  toggleSlot: (skillId: number) => void;
  toggleDeleted: () => void;
  copyTo: (date: string) => void;
}

const HOURS = ["hour", "hours"] as const;
const POSITIONS = ["position", "positions"] as const;

export function ShiftCard({
  shift,
  index,
  skillGroups,
  people,
  dressCodes,
  errors,
  on,
}: {
  shift: ShiftEdit;
  index: number;
  skillGroups: SkillGroup[];
  people: UserOption[];
  dressCodes: { id: number; name: string }[];
  /** Keyed by field: "date", "start", "end", "duration", "slots", "_" (the whole shift). */
  errors: ErrorMap;
  on: ShiftCardHandlers;
}) {
  const [skillId, setSkillId] = useState("");
  const [qty, setQty] = useState("1");
  const [copyDate, setCopyDate] = useState("");
  // In skill order, as the Shifts and Book tabs show them (not by skill id or when added).
  const slots = inSkillOrder(Object.values(shift.slots), skillRanks(skillGroups));
  const overnight = shift.end <= shift.start || shift.duration >= 24;
  const isNew = typeof shift.id === "string";
  const label = `Shift ${index + 1}`;

  return (
    <Card
      className={cn(shift.isDeleted && "border-dashed bg-gray-50 opacity-70")}
      aria-label={label}
      role="group"
    >
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="flex items-center gap-2 font-semibold text-gray-900">
            {label}
            {isNew && <Badge tone="accent">New</Badge>}
            {!isNew && shift.isEdited && !shift.isDeleted && <Badge tone="warning">Edited</Badge>}
            {shift.isDeleted && <Badge tone="danger">Will be removed</Badge>}
          </h3>
          <Button
            type="button"
            variant={shift.isDeleted ? "secondary" : "ghost"}
            size="sm"
            onClick={on.toggleDeleted}
          >
            {shift.isDeleted ? (
              <>
                <RotateCcw aria-hidden /> Undo remove
              </>
            ) : (
              <>
                <Trash2 aria-hidden /> Remove shift
              </>
            )}
          </Button>
        </div>

        <FieldErrors messages={errors._ ?? []} />

        <fieldset disabled={shift.isDeleted} className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <FormField label="Date" className="col-span-2 sm:col-span-1" errors={errors.date}>
            <DateInput
              value={displayToIso(shift.date)}
              onValueChange={(iso) => iso && on.setDate(isoToDisplay(iso))}
            />
          </FormField>
          <FormField label="Start" errors={errors.start}>
            <TimeInput value={shift.start} onValueChange={(t) => t && on.setStart(t)} />
          </FormField>
          <FormField
            label="End"
            errors={errors.end}
            hint={overnight ? formatDayOffset(1) : undefined}
          >
            <TimeInput value={shift.end} onValueChange={(t) => t && on.setEnd(t)} />
          </FormField>
          <FormField label="Hours" errors={errors.duration} hint={formatHours(shift.duration)}>
            <NumberInput
              min={0.5}
              max={24}
              step={0.5}
              unit={HOURS}
              value={shift.duration}
              onValueChange={on.setDuration}
            />
          </FormField>
        </fieldset>

        <fieldset disabled={shift.isDeleted} className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-gray-900">Skill slots</legend>
          {slots.length === 0 && (
            <p className="text-sm text-gray-600">
              Add the skills this shift needs and how many people for each.
            </p>
          )}
          <ul className="flex flex-col gap-2">
            {slots.map((slot) => (
              <li
                key={slot.skillId}
                className={cn("flex flex-wrap items-center gap-2", slot.isDeleted && "opacity-60")}
              >
                <span
                  className={cn(
                    "min-w-32 flex-1 text-sm text-gray-900",
                    slot.isDeleted && "line-through",
                  )}
                >
                  {slot.skillName}
                </span>
                <label className="sr-only" htmlFor={`qty-${shift.id}-${slot.skillId}`}>
                  Positions for {slot.skillName}
                </label>
                <NumberInput
                  id={`qty-${shift.id}-${slot.skillId}`}
                  integer
                  min={1}
                  max={500}
                  unit={POSITIONS}
                  className="w-20"
                  value={slot.qty}
                  disabled={slot.isDeleted}
                  onValueChange={(n) => on.setSlot(slot.skillId, n)}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => on.toggleSlot(slot.skillId)}
                >
                  {slot.isDeleted ? "Undo" : "Remove"}
                  <span className="sr-only"> {slot.skillName}</span>
                </Button>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-end gap-2">
            <FormField label="Skill" className="min-w-48 flex-1" errors={errors.slots}>
              <Select value={skillId} onChange={(e) => setSkillId(e.target.value)}>
                <option value="">Choose a skill</option>
                {skillGroups.map((g) => (
                  <optgroup key={String(g.id)} label={g.name}>
                    {g.skills.map((s) => (
                      <option key={`${g.id}-${s.id}`} value={s.id}>
                        {s.name}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </Select>
            </FormField>
            <FormField label="Positions" className="w-24">
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                max={500}
                value={qty}
                onChange={(e) => setQty(e.target.value)}
              />
            </FormField>
            <Button
              type="button"
              variant="secondary"
              disabled={!skillId || !(Number(qty) >= 1)}
              onClick={() => {
                on.setSlot(Number(skillId), Math.floor(Number(qty)));
                setSkillId("");
                setQty("1");
              }}
            >
              <Plus aria-hidden /> Add slot
            </Button>
          </div>
        </fieldset>

        <details
          className="rounded-control border border-gray-200 px-3 py-2"
          open={Boolean(
            shift.description ||
            shift.notesForWorkers ||
            shift.projectManagerId ||
            shift.contactOnLocationId ||
            shift.dresscodeId,
          )}
        >
          <summary className="cursor-pointer text-sm font-medium text-gray-900">
            People, dress code and notes for this shift
          </summary>
          <fieldset
            disabled={shift.isDeleted}
            className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3"
          >
            <FormField label="Project manager">
              <Select
                value={shift.projectManagerId ?? ""}
                onChange={(e) =>
                  on.setDetails({
                    projectManagerId: e.target.value ? Number(e.target.value) : null,
                  })
                }
              >
                <option value="">Same as the job</option>
                {people.map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.name}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label="Contact on location">
              <Select
                value={shift.contactOnLocationId ?? ""}
                onChange={(e) =>
                  on.setDetails({
                    contactOnLocationId: e.target.value ? Number(e.target.value) : null,
                  })
                }
              >
                <option value="">Same as the job</option>
                {people.map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.name}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label="Dress code">
              <Select
                value={shift.dresscodeId ?? ""}
                onChange={(e) =>
                  on.setDetails({ dresscodeId: e.target.value ? Number(e.target.value) : null })
                }
              >
                <option value="">Same as the job</option>
                {dressCodes.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.name}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label="Dress code notes" className="sm:col-span-3">
              <Input
                value={shift.dresscodeNotes}
                onChange={(e) => on.setDetails({ dresscodeNotes: e.target.value })}
                maxLength={SHIFT_TEXT_LIMITS.dresscodeNotes}
              />
            </FormField>
            <FormField label="Notes for workers" className="sm:col-span-3">
              <Textarea
                rows={2}
                value={shift.notesForWorkers}
                onChange={(e) => on.setDetails({ notesForWorkers: e.target.value })}
                maxLength={SHIFT_TEXT_LIMITS.notesForWorkers}
              />
            </FormField>
            <FormField label="Description" className="sm:col-span-3">
              <Textarea
                rows={2}
                value={shift.description}
                onChange={(e) => on.setDetails({ description: e.target.value })}
                maxLength={SHIFT_TEXT_LIMITS.description}
              />
            </FormField>
          </fieldset>
        </details>

        {!shift.isDeleted && (
          <div className="flex flex-wrap items-end gap-2">
            <FormField label="Copy this shift to" className="w-48">
              <DateInput value={copyDate} onValueChange={setCopyDate} />
            </FormField>
            <Button
              type="button"
              variant="secondary"
              disabled={!copyDate}
              onClick={() => {
                on.copyTo(isoToDisplay(copyDate));
                setCopyDate("");
              }}
            >
              <Copy aria-hidden /> Copy
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
