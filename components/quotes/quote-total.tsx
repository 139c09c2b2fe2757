"use client";

import { Alert } from "@/components/ui/alert";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField, Input } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import { fieldId, type QuoteFormValues } from "./quote-form-values";
import type { QuotePreviewShown, QuotePreviewState } from "./use-quote-preview";

/** The quote form's discount and its live total (the server's pricing, see useQuotePreview). */
export function QuoteTotal({
  discount,
  err,
  currency,
  previewKey,
  preview,
  shown,
  lineCount,
  money,
  onChange,
}: {
  discount: Pick<QuoteFormValues, "discount_kind" | "discount_value">;
  err: (path: string) => string[] | undefined;
  currency: { code: string } | null;
  previewKey: string;
  preview: QuotePreviewState;
  shown: QuotePreviewShown;
  /** How many lines the form has (a note says when some are not priced yet). */
  lineCount: number;
  money: (minor: number) => string;
  onChange: (patch: Partial<Pick<QuoteFormValues, "discount_kind" | "discount_value">>) => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Discount and total</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <div className="grid grid-cols-2 gap-3 self-start">
          <FormField label="Discount" id={fieldId("discount_kind")} errors={err("discount_kind")}>
            <Select
              value={discount.discount_kind}
              onChange={(e) =>
                onChange({
                  discount_kind: e.target.value as QuoteFormValues["discount_kind"],
                })
              }
            >
              <option value="">No discount</option>
              <option value="percent">Percent</option>
              <option value="amount">Amount</option>
            </Select>
          </FormField>
          {discount.discount_kind && (
            <FormField
              label={
                discount.discount_kind === "percent"
                  ? "Percent"
                  : `Amount${currency ? ` (${currency.code})` : ""}`
              }
              id={fieldId("discount_value")}
              errors={err("discount_value")}
            >
              <Input
                value={discount.discount_value}
                onChange={(e) => onChange({ discount_value: e.target.value })}
                inputMode="decimal"
              />
            </FormField>
          )}
        </div>
        <section aria-label="Live total" aria-live="polite" className="flex flex-col gap-1 text-sm">
          {!previewKey ? (
            <p className="text-gray-600">
              Choose a client and branch and fill in a line to see the total.
            </p>
          ) : preview.kind === "error" ? (
            <Alert tone="warning" title="The total cannot be worked out yet">
              {preview.message}
            </Alert>
          ) : !shown ? (
            <p className="text-gray-600">Working out the total…</p>
          ) : (
            <dl className="flex flex-col gap-1">
              <TotalRow label="Work">{money(shown.data.totals.lines)}</TotalRow>
              {shown.data.totals.costs > 0 && (
                <TotalRow label="Additional costs">{money(shown.data.totals.costs)}</TotalRow>
              )}
              <TotalRow label="Subtotal">{money(shown.data.totals.subtotal)}</TotalRow>
              {shown.data.totals.discount > 0 && (
                <TotalRow label="Discount">−{money(shown.data.totals.discount)}</TotalRow>
              )}
              {shown.data.vat_basis_points ? (
                <TotalRow label={`VAT (${shown.data.vat_basis_points / 100} %)`}>
                  {money(shown.data.totals.vat)}
                </TotalRow>
              ) : null}
              <div className="mt-1 flex justify-between gap-4 border-t border-gray-200 pt-2 text-base font-semibold">
                <dt>Total</dt>
                <dd className="tabular-nums" data-testid="preview-total">
                  {money(shown.data.totals.total)}
                </dd>
              </div>
              {shown.map.length < lineCount && (
                <p className="text-gray-600">Lines not filled in yet are left out.</p>
              )}
            </dl>
          )}
        </section>
      </CardContent>
    </Card>
  );
}

function TotalRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-gray-700">{label}</dt>
      <dd className="tabular-nums">{children}</dd>
    </div>
  );
}
