"use client";

import { useMemo, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Moon, Trash2 } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { FieldErrors, FormField, Input } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import { DateInput } from "@/components/ui/date-input";
import { EmptyState } from "@/components/ui/empty-state";
import { notify } from "@/components/ui/toaster";
import { isoToDisplay } from "@/lib/domain/time-entry";
import { formatDayOffset } from "@/lib/domain/format";
import { isValidQty } from "@/lib/domain/shift-editing";
import { removeTemplateShift, type TemplateShift } from "@/lib/domain/job-template";
import type { TemplateDetail } from "@/lib/services/templates";
import { createJobFromTemplateAction, updateTemplateAction } from "./actions";
import { NAME_MAX } from "@/lib/domain/text-limits";

type Option = { id: number; name: string };
type Errors = Record<string, string[]>;

const overnight = (s: TemplateShift) => s.endHour <= s.startHour;

/** The template's name, company and shifts (remove a shift, change a quantity), then Save. */
export function TemplateEditor({
  template,
  companies,
  skills,
  canCreateJob,
}: {
  template: TemplateDetail;
  companies: Option[];
  skills: Option[];
  canCreateJob: boolean;
}) {
  const router = useRouter();
  // What the server holds now; updated from each save's answer, so typing elsewhere on the
  // page (the create-job box) survives a save.
  const [saved, setSaved] = useState(template);
  const [name, setName] = useState(template.name);
  const [companyId, setCompanyId] = useState(String(template.company_id));
  const [shifts, setShifts] = useState<TemplateShift[]>(template.json_data.shifts);
  /** Quantities as typed, so a field can be empty while the user types. */
  const [qtyText, setQtyText] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, startSave] = useTransition();
  const skillName = useMemo(() => new Map(skills.map((s) => [s.id, s.name])), [skills]);

  const dirty =
    name !== saved.name ||
    companyId !== String(saved.company_id) ||
    JSON.stringify(shifts) !== JSON.stringify(saved.json_data.shifts) ||
    Object.keys(qtyText).length > 0;
  const companyChoices = companies.some((c) => c.id === template.company_id)
    ? companies
    : [{ id: template.company_id, name: template.company_name }, ...companies];

  const setQty = (shiftId: number, skillId: number, text: string) => {
    const key = `${shiftId}:${skillId}`;
    const qty = Number(text);
    if (text.trim() !== "" && isValidQty(qty)) {
      setShifts((list) =>
        list.map((s) =>
          s.id !== shiftId
            ? s
            : { ...s, skills: s.skills.map((k) => (k.skill_id === skillId ? { ...k, qty } : k)) },
        ),
      );
      setQtyText((t) => {
        const rest = { ...t };
        delete rest[key];
        return rest;
      });
    } else setQtyText((t) => ({ ...t, [key]: text }));
  };

  const removeShift = (id: number) => {
    setShifts((list) => removeTemplateShift(list, id));
    // The ids after the removed shift move down, so quantities typed by id no longer apply.
    setQtyText({});
  };

  const save = () =>
    startSave(async () => {
      if (Object.keys(qtyText).length) {
        setMessage("Each quantity must be a whole number of at least 1.");
        return;
      }
      const r = await updateTemplateAction(template.id, {
        name,
        company_id: Number(companyId),
        data: { job: template.json_data.job, shifts },
      });
      if (!r.ok) {
        setErrors(r.errors ?? {});
        setMessage(r.message);
        notify.error(r.message);
        return;
      }
      setErrors({});
      setMessage(null);
      setSaved(r.data.template);
      setName(r.data.template.name);
      setCompanyId(String(r.data.template.company_id));
      setShifts(r.data.template.json_data.shifts);
      notify.success(r.data.message);
      router.refresh();
    });

  const shiftErrors = (index: number) =>
    Object.entries(errors)
      .filter(([k]) => k.startsWith(`data.shifts.${index}.`) || k === `data.shifts.${index}`)
      .flatMap(([, v]) => v);

  return (
    <div className="flex flex-col gap-6">
      <form
        className="flex flex-col gap-6"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        {message && <Alert tone="error">{message}</Alert>}
        <Card>
          <CardHeader>
            <CardTitle>Template</CardTitle>
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <FormField label="Name" errors={errors.name} required>
              <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={NAME_MAX} />
            </FormField>
            <FormField label="Company" errors={errors.company_id} required>
              <Select value={companyId} onChange={(e) => setCompanyId(e.target.value)}>
                {companyChoices.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </Select>
            </FormField>
          </CardContent>
        </Card>

        <section aria-labelledby="template-shifts" className="flex flex-col gap-3">
          <div>
            <h2 id="template-shifts" className="text-lg font-semibold text-gray-900">
              Shifts
            </h2>
            <p className="text-sm text-gray-600">
              A job built from this template keeps each shift&apos;s day relative to the first one,
              and its hours. An end at or before the start is the next day.
            </p>
          </div>
          <FieldErrors messages={errors["data.shifts"] ?? errors.data ?? []} />
          {shifts.length === 0 ? (
            <EmptyState
              title="No shifts left"
              hint="A template needs at least one shift. Reload the page to undo the removals."
            />
          ) : (
            <ol className="flex flex-col gap-3" aria-label="Template shifts">
              {shifts.map((s, index) => (
                <li key={`${s.id}-${s.startDate}-${s.startHour}`}>
                  <Card role="group" aria-label={`Shift ${s.id}`}>
                    <CardContent className="flex flex-col gap-3">
                      <div className="flex flex-wrap items-start justify-between gap-2">
                        <div className="min-w-0">
                          <h3 className="font-semibold text-gray-900">Shift {s.id}</h3>
                          <p className="flex flex-wrap items-center gap-2 text-sm text-gray-700 tabular-nums">
                            <span>{s.startDate}</span>
                            <span>
                              {s.startHour} – {s.endHour}
                            </span>
                            {overnight(s) && (
                              <Badge tone="neutral">
                                <Moon aria-hidden className="size-3" /> {formatDayOffset(1)}
                              </Badge>
                            )}
                          </p>
                        </div>
                        <Button
                          type="button"
                          variant="ghost"
                          size="sm"
                          onClick={() => removeShift(s.id)}
                        >
                          <Trash2 aria-hidden /> Remove shift
                          <span className="sr-only"> {s.id}</span>
                        </Button>
                      </div>
                      <FieldErrors messages={shiftErrors(index)} />
                      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
                        {s.skills.map((k) => {
                          const key = `${s.id}:${k.skill_id}`;
                          const label = skillName.get(k.skill_id) ?? `Skill #${k.skill_id}`;
                          return (
                            <li key={k.skill_id}>
                              <FormField
                                label={`${label} – positions`}
                                errors={
                                  key in qtyText ? ["A whole number of at least 1"] : undefined
                                }
                              >
                                <Input
                                  type="number"
                                  inputMode="numeric"
                                  min={1}
                                  max={500}
                                  step={1}
                                  value={qtyText[key] ?? String(k.qty)}
                                  onChange={(e) => setQty(s.id, k.skill_id, e.target.value)}
                                />
                              </FormField>
                            </li>
                          );
                        })}
                      </ul>
                    </CardContent>
                  </Card>
                </li>
              ))}
            </ol>
          )}
        </section>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
          {dirty && <p className="text-sm text-gray-600">You have unsaved changes.</p>}
          <Button type="submit" loading={saving} disabled={!dirty}>
            Save
          </Button>
        </div>
      </form>

      {canCreateJob && (
        <CreateJobFromTemplate
          templateId={template.id}
          defaultName={template.json_data.job.name ?? template.name}
          dirty={dirty}
        />
      )}
    </div>
  );
}

/** "Create a job from this template": the first shift's date and an optional job name. */
function CreateJobFromTemplate({
  templateId,
  defaultName,
  dirty,
}: {
  templateId: number;
  defaultName: string;
  dirty: boolean;
}) {
  const router = useRouter();
  const [date, setDate] = useState("");
  const [name, setName] = useState("");
  const [askPast, setAskPast] = useState(false);
  const [isPast, setIsPast] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [pending, start] = useTransition();

  const create = () =>
    start(async () => {
      if (!date) return setErrors({ date: ["Choose the date of the first shift."] });
      const r = await createJobFromTemplateAction(templateId, {
        date: isoToDisplay(date),
        name: name.trim() || undefined,
        is_past: isPast,
      });
      if (!r.ok) {
        if (r.type === "past_shifts") setAskPast(true);
        setErrors(r.errors ?? {});
        notify.error(r.message);
        return;
      }
      notify.success("Job created successfully!");
      router.push(`/jobs/${r.data.id}`);
    });

  const otherErrors = Object.entries(errors)
    .filter(([k]) => k !== "date" && k !== "name")
    .flatMap(([, v]) => v);

  return (
    <Card>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create();
        }}
      >
        <CardHeader>
          <div className="flex min-w-0 flex-col gap-1">
            <CardTitle>Create a job from this template</CardTitle>
            <CardDescription>
              The first shift goes on the date you choose; the others follow on the same days after
              it. The new job is published.
            </CardDescription>
          </div>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {dirty && (
            <Alert tone="warning">
              The job is built from the saved template. Save your changes first to include them.
            </Alert>
          )}
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <FormField label="Date of the first shift" errors={errors.date} required>
              <DateInput
                value={date}
                onValueChange={(iso) => {
                  setDate(iso);
                  setAskPast(false);
                  setIsPast(false);
                }}
              />
            </FormField>
            <FormField
              label="Job name"
              hint={`Leave empty to use “${defaultName}”.`}
              errors={errors.name}
            >
              <Input
                value={name}
                onChange={(e) => setName(e.target.value)}
                maxLength={NAME_MAX}
                placeholder={defaultName}
              />
            </FormField>
          </div>
          {askPast && (
            <Checkbox
              label="This job is in the past: create it anyway"
              checked={isPast}
              onChange={(e) => setIsPast(e.target.checked)}
            />
          )}
          <FieldErrors messages={otherErrors} />
        </CardContent>
        <CardFooter>
          <Button type="submit" loading={pending} disabled={dirty}>
            Create job
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
