"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import { notify } from "@/components/ui/toaster";
import type { PresetView } from "@/lib/services/rates";
import { deletePresetAction } from "./actions";

/**
 * "Apply preset": loads a preset priced in the branch's currency into the grid (nothing is
 * saved until Save), or deletes the chosen one after asking.
 */
export function ApplyPresetDialog({
  open,
  onOpenChange,
  presets,
  currencyCode,
  onApply,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  presets: PresetView[];
  currencyCode: string;
  onApply: (presetId: number) => Promise<boolean>;
}) {
  const router = useRouter();
  const usable = presets.filter((p) => p.currency_code === currencyCode);
  const [choice, setChoice] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [pending, startTransition] = useTransition();
  const chosen = usable.find((p) => String(p.id) === choice);

  const remove = (id: number) =>
    startTransition(async () => {
      const r = await deletePresetAction(id);
      if (!r.ok) return void notify.error(r.message);
      notify.success(r.data.message);
      setChoice("");
      setConfirming(false);
      router.refresh();
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Apply preset"
        description={`Loads a preset's prices into the grid, replacing what is there. Nothing is saved until you press Save. Presets priced in ${currencyCode} are listed.`}
      >
        {usable.length === 0 ? (
          <p className="text-sm text-gray-700">
            No preset is priced in {currencyCode} yet. Save a card in {currencyCode} as a preset
            first.
          </p>
        ) : (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (!choice) return;
              startTransition(async () => {
                if (await onApply(Number(choice))) onOpenChange(false);
              });
            }}
          >
            <FormField label="Preset" required>
              <Select
                value={choice}
                placeholder="Choose a preset"
                onChange={(e) => {
                  setChoice(e.target.value);
                  setConfirming(false);
                }}
              >
                {usable.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name} ({p.rates_count} {p.rates_count === 1 ? "rate" : "rates"}
                    {p.company_name ? `, from ${p.company_name}` : ""})
                  </option>
                ))}
              </Select>
            </FormField>
            {confirming && chosen ? (
              <div
                role="alert"
                className="mt-4 rounded-md bg-danger-50 p-3 text-sm text-danger-800"
              >
                Delete the preset “{chosen.name}” for everyone? The cards it was applied to keep
                their prices.
                <DialogFooter>
                  <Button type="button" variant="secondary" onClick={() => setConfirming(false)}>
                    Keep it
                  </Button>
                  <Button
                    type="button"
                    variant="danger"
                    loading={pending}
                    onClick={() => remove(chosen.id)}
                  >
                    Delete preset
                  </Button>
                </DialogFooter>
              </div>
            ) : (
              <DialogFooter>
                <Button
                  type="button"
                  variant="ghost"
                  className="text-danger-700 sm:mr-auto"
                  disabled={!chosen}
                  onClick={() => setConfirming(true)}
                >
                  Delete this preset
                </Button>
                <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
                  Cancel
                </Button>
                <Button type="submit" loading={pending} disabled={!choice}>
                  Apply preset
                </Button>
              </DialogFooter>
            )}
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
