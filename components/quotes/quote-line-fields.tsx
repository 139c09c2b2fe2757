"use client";

import { Trash2 } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DateInput } from "@/components/ui/date-input";
import { FormField } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import { NumberInput } from "@/components/ui/number-input";
import { TimeInput } from "@/components/ui/time-input";
import type { QuoteFormOptions } from "@/lib/services/quotes/form-options";
import type { QuotePreview } from "@/lib/services/quotes/preview";
import { fieldId, lineReady, type groupSkills, type QuoteFormLine } from "./quote-form-values";

/** One line of work in the quote form: its fields, its band split and amount, and Remove. */
export function QuoteLineFields({
  line: l,
  index: i,
  err,
  skillGroups,
  levels,
  result,
  missing,
  money,
  onChange,
  onRemove,
}: {
  line: QuoteFormLine;
  index: number;
  err: (path: string) => string[] | undefined;
  skillGroups: ReturnType<typeof groupSkills>;
  levels: QuoteFormOptions["levels"];
  /** This line as the live total priced it; null while it is not priced. */
  result: QuotePreview["lines"][number] | null;
  /** The missing-price message for the line's skill. */
  missing: string | null;
  money: (minor: number) => string;
  onChange: (patch: Partial<QuoteFormLine>) => void;
  onRemove: () => void;
}) {
  const overnight = Boolean(l.start && l.end && l.end <= l.start);
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-3 rounded-card border border-gray-200 p-3 sm:p-4"
      aria-label={`Line ${i + 1}`}
    >
      <legend className="sr-only">Line {i + 1}</legend>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-8">
        <FormField
          label="Date"
          id={fieldId(`lines.${i}.date`)}
          errors={err(`lines.${i}.date`)}
          className="col-span-2"
        >
          <DateInput value={l.date} onValueChange={(v) => onChange({ date: v })} />
        </FormField>
        <FormField label="Start" id={fieldId(`lines.${i}.start`)} errors={err(`lines.${i}.start`)}>
          <TimeInput value={l.start} onValueChange={(v) => onChange({ start: v })} />
        </FormField>
        <FormField
          label="End"
          id={fieldId(`lines.${i}.end`)}
          errors={err(`lines.${i}.end`)}
          hint={overnight ? "Ends next day" : undefined}
        >
          <TimeInput value={l.end} onValueChange={(v) => onChange({ end: v })} />
        </FormField>
        <FormField
          label="Skill"
          id={fieldId(`lines.${i}.skill_id`)}
          errors={err(`lines.${i}.skill_id`)}
          className="col-span-2"
        >
          <Select
            value={l.skill_id}
            onChange={(e) => onChange({ skill_id: e.target.value })}
            placeholder="Choose a skill"
          >
            {skillGroups.map(([group, skills]) => (
              <optgroup key={group} label={group}>
                {skills.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </Select>
        </FormField>
        <FormField
          label="Level"
          id={fieldId(`lines.${i}.level_id`)}
          errors={err(`lines.${i}.level_id`)}
        >
          <Select value={l.level_id} onChange={(e) => onChange({ level_id: e.target.value })}>
            <option value="">Any</option>
            {levels.map((lv) => (
              <option key={lv.id} value={lv.id}>
                {lv.name}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField
          label="Positions"
          id={fieldId(`lines.${i}.positions`)}
          errors={err(`lines.${i}.positions`)}
        >
          <NumberInput
            value={l.positions}
            onValueChange={(v) => onChange({ positions: v })}
            min={1}
            max={500}
            integer
          />
        </FormField>
        <FormField
          label="Break (min)"
          id={fieldId(`lines.${i}.break_minutes`)}
          errors={err(`lines.${i}.break_minutes`)}
        >
          <NumberInput
            value={l.break_minutes}
            onValueChange={(v) => onChange({ break_minutes: v })}
            min={0}
            max={720}
            integer
          />
        </FormField>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="text-gray-700" data-testid="line-split">
          {result
            ? `${result.split}${overnight ? " (ends next day)" : ""}`
            : lineReady(l)
              ? "Pricing…"
              : "Fill in the line to see its price."}
        </span>
        <span className="flex items-center gap-2">
          {result && (
            <span className="font-medium tabular-nums" data-testid="line-amount">
              {money(result.amount)}
            </span>
          )}
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={onRemove}
            aria-label={`Remove line ${i + 1}`}
          >
            <Trash2 aria-hidden /> Remove
          </Button>
        </span>
      </div>
      {result?.missing && missing && <Alert tone="warning">{missing}</Alert>}
    </fieldset>
  );
}
