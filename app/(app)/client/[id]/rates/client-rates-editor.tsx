"use client";

import { useMemo, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { FormField, Input } from "@/components/ui/form-field";
import { notify } from "@/components/ui/toaster";
import { RateGrid, type RateGridColumn } from "@/components/rates/rate-grid";
import { toGridValues, useRateGrid } from "@/components/rates/use-rate-grid";
import { RateLossConfirm } from "@/components/rates/rate-loss-confirm";
import type { ClientRateView, PresetView, RateSkillView } from "@/lib/services/rates";
import {
  applyPresetAction,
  saveClientCardAction,
  savePresetAction,
  type CardPayload,
} from "./actions";
import { ApplyPresetDialog } from "./apply-preset-dialog";
import { LABEL_MAX } from "@/lib/domain/text-limits";

const COLUMNS: RateGridColumn[] = [
  { key: "standard_price", label: "Standard price", kind: "amount" },
  { key: "weekend_price", label: "Weekend price", kind: "amount" },
  { key: "night_price", label: "Night price", kind: "amount" },
  { key: "night_start", label: "Night start", kind: "time" },
  { key: "night_end", label: "Night end", kind: "time" },
  { key: "rate_worker", label: "Worker pay", kind: "amount" },
];

const toValues = (rows: { skill_id: number }[], digits: number) =>
  toGridValues(
    COLUMNS,
    rows.map((r) => ({ id: r.skill_id, values: r })),
    digits,
  );

export function ClientRatesEditor({
  companyId,
  branchId,
  branchName,
  currency,
  skills,
  rates,
  presets,
}: {
  companyId: number;
  branchId: number;
  branchName: string;
  currency: { code: string; digits: number };
  skills: RateSkillView[];
  rates: ClientRateView[];
  presets: PresetView[];
}) {
  const rows = useMemo(
    () =>
      skills.map((s) => ({
        id: s.id,
        name: s.name,
        parentName: s.parent_name,
        parentId: s.parent_id,
      })),
    [skills],
  );
  const grid = useRateGrid(COLUMNS, rows, currency.digits, () =>
    toValues(
      rates.filter((r) => r.level_id === null),
      currency.digits,
    ),
  );
  const { values, errors, onChange, pending } = grid;
  const [presetOpen, setPresetOpen] = useState(false);
  const [applyOpen, setApplyOpen] = useState(false);

  /** The card to send, or null (and the cells marked) when something cannot be read. */
  function card(): CardPayload | null {
    const read = grid.read("prices");
    if (!read) return null;
    return {
      company_id: companyId,
      branch_id: branchId,
      rates: read.map((r) => ({ skill_id: r.skillId, ...r.values })),
    };
  }

  const save = () => {
    const payload = card();
    if (!payload) return;
    grid.submit(
      (flags) => saveClientCardAction(payload, flags),
      payload.rates.map((r) => r.skill_id),
    );
  };

  return (
    <section aria-labelledby="client-card-title" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="client-card-title" className="text-base font-semibold text-gray-900">
            Rate card at {branchName}
          </h2>
          <p className="text-sm text-gray-600">
            Prices per hour in {currency.code}. Leave a row empty to remove its rate; night prices
            apply inside the night window, which may cross midnight.
          </p>
        </div>
        <div className="flex flex-wrap gap-2 sm:shrink-0">
          <Button variant="secondary" onClick={() => setApplyOpen(true)}>
            Apply preset
          </Button>
          <Button variant="secondary" onClick={() => setPresetOpen(true)}>
            Save as preset
          </Button>
          <Button onClick={save} loading={pending}>
            Save
          </Button>
        </div>
      </div>
      <RateGrid
        caption={`Client rates at ${branchName} in ${currency.code}`}
        columns={COLUMNS}
        rows={rows}
        values={values}
        errors={errors}
        onChange={onChange}
        currencyCode={currency.code}
      />
      <RateLossConfirm loss={grid.loss} busy={pending} onCancel={grid.dismissLoss} />
      <SavePresetDialog open={presetOpen} onOpenChange={setPresetOpen} card={card} />
      <ApplyPresetDialog
        open={applyOpen}
        onOpenChange={setApplyOpen}
        presets={presets}
        currencyCode={currency.code}
        onApply={async (presetId) => {
          const result = await applyPresetAction({
            preset_id: presetId,
            company_id: companyId,
            branch_id: branchId,
          });
          if (!result.ok) {
            notify.error(result.errors?.preset_id?.[0] ?? result.message);
            return false;
          }
          grid.load(toValues(result.data.rates, currency.digits));
          notify.info(`Preset “${result.data.name}” loaded. Check the prices, then save the card.`);
          return true;
        }}
      />
    </section>
  );
}

function SavePresetDialog({
  open,
  onOpenChange,
  card,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  card: () => CardPayload | null;
}) {
  const router = useRouter();
  const [name, setName] = useState("");
  const [error, setError] = useState<string[] | undefined>();
  const [pending, startTransition] = useTransition();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Save as preset"
        description="Saves the prices in the grid under a name, to load into another client's card."
      >
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const payload = card();
            if (!payload) return onOpenChange(false);
            startTransition(async () => {
              const result = await savePresetAction(payload, name);
              if (!result.ok) {
                setError(result.errors?.presetName ?? [result.message]);
                return;
              }
              notify.success(result.data.message);
              setName("");
              setError(undefined);
              onOpenChange(false);
              router.refresh();
            });
          }}
        >
          <FormField label="Preset name" errors={error} required>
            <Input value={name} maxLength={LABEL_MAX} onChange={(e) => setName(e.target.value)} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Save preset
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
