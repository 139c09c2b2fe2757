"use client";

import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField, Input } from "@/components/ui/form-field";
import type { PaymentView } from "@/lib/services/users/payment";
import { savePayment } from "../actions";
import { useSave } from "../use-save";
import { NAME_MAX } from "@/lib/domain/text-limits";

export function PaymentForm({
  userId,
  initial,
  refusal,
}: {
  userId: number;
  initial: PaymentView;
  /**
   * Why the viewer may not change these details (who may manage whom), drawn by the server (`Alert`: its four tone icons
   * stay out of the tab's first load); absent when it may.
   */
  refusal?: ReactNode;
}) {
  const [v, setV] = useState({
    has_danish_bank: initial.has_danish_bank,
    iban: initial.iban ?? "",
    swift: initial.swift ?? "",
    reg: initial.reg ?? "",
    konto: initial.konto ?? "",
    has_tax_id: initial.has_tax_id,
    tax_id: initial.tax_id ?? "",
    social_security: initial.social_security ?? "",
    tax_card: initial.tax_card ?? "",
    issues_invoice: initial.issues_invoice,
    company_name: initial.company_name ?? "",
  });
  const { errors, pending, save } = useSave();
  const text = (k: keyof typeof v, label: string, props: Record<string, unknown> = {}) => (
    <FormField label={label} errors={errors[k]}>
      <Input
        value={v[k] as string}
        onChange={(e) => setV((s) => ({ ...s, [k]: e.target.value }))}
        {...props}
      />
    </FormField>
  );
  const flag = (k: "has_danish_bank" | "has_tax_id" | "issues_invoice", label: string) => (
    <Checkbox
      label={label}
      checked={v[k]}
      onChange={(e) => setV((s) => ({ ...s, [k]: e.target.checked }))}
    />
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Payment details</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save(
              () => savePayment(userId, v),
              (data) => {
                const d = data as PaymentView;
                setV((s) => ({ ...s, iban: d.iban ?? "", swift: d.swift ?? "" }));
              },
            );
          }}
        >
          {refusal}
          <fieldset disabled={Boolean(refusal)} className="flex min-w-0 flex-col gap-4">
            {flag("has_danish_bank", "I have a Danish bank account (reg. and account number)")}
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              {v.has_danish_bank ? (
                <>
                  {text("reg", "Reg. number", { inputMode: "numeric", maxLength: 4 })}
                  {text("konto", "Account number", { inputMode: "numeric", maxLength: 10 })}
                </>
              ) : (
                <>
                  {text("iban", "IBAN", { autoComplete: "off", spellCheck: false })}
                  {text("swift", "SWIFT/BIC", { autoComplete: "off", spellCheck: false })}
                </>
              )}
            </div>
            {flag("has_tax_id", "I have a tax id")}
            {v.has_tax_id && (
              <div className="sm:max-w-sm">{text("tax_id", "Tax id", { maxLength: NAME_MAX })}</div>
            )}
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              {text("social_security", "Social security number", {
                autoComplete: "off",
                maxLength: NAME_MAX,
              })}
              {text("tax_card", "Tax card", { maxLength: NAME_MAX })}
            </div>
            {flag("issues_invoice", "I invoice through my own company")}
            {v.issues_invoice && (
              <div className="sm:max-w-sm">
                {text("company_name", "Company name", { maxLength: NAME_MAX })}
              </div>
            )}
          </fieldset>
          {!refusal && (
            <div>
              <Button type="submit" loading={pending}>
                Save payment details
              </Button>
            </div>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
