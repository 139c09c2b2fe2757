"use client";

import { useRef, useState, useTransition } from "react";
import { NavLink } from "@/components/ui/nav-link";
import { useRouter } from "next/navigation";
import { Plus } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DateInput } from "@/components/ui/date-input";
import {
  ErrorSummary,
  focusFirstError,
  type ErrorSummaryItem,
} from "@/components/ui/error-summary";
import { FormField, Input, Textarea } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import { notify } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/http/action";
import { formatMoney } from "@/lib/domain/money";
import type { QuoteFormClient, QuoteFormOptions } from "@/lib/services/quotes/form-options";
import type { QuotePreview } from "@/lib/services/quotes/preview";
import {
  emptyLine,
  fieldId,
  groupSkills,
  label,
  payloadOf,
  type QuoteFormCost,
  type QuoteFormErrors,
  type QuoteFormLine,
  type QuoteFormValues,
} from "./quote-form-values";
import { QuoteCostFields } from "./quote-cost-fields";
import { QuoteLineFields } from "./quote-line-fields";
import { QuoteTotal } from "./quote-total";
import { useQuotePreview } from "./use-quote-preview";

/**
 * The one quote form of /create-quote and /edit-quote/{id} (issue 24). The client first: its
 * branches (each with its currency), venues and contacts are loaded for it; then where, the
 * name, validity and notes; the lines of work (an end at or before the start ends the next
 * day); additional costs; a discount. The live total is the server's own pricing
 * (previewQuote: prepareQuote, nothing written), asked ~400 ms after the last change, with
 * each line's band split and amount. Saving answers with field errors in place and a summary.
 */

export type QuoteFormActions = {
  loadClient: (companyId: number) => Promise<ActionResult<QuoteFormClient>>;
  preview: (input: unknown) => Promise<ActionResult<QuotePreview>>;
  save: (
    id: number | null,
    input: Record<string, unknown>,
  ) => Promise<ActionResult<{ id: number; number: string; revision: number }>>;
};

export function QuoteForm({
  quoteId,
  revisionNote,
  lockClient,
  initial,
  initialClient,
  options,
  actions,
}: {
  /** null: a new quote. */
  quoteId: number | null;
  /** Editing a sent/expired/declined quote: what saving does. */
  revisionNote: string | null;
  /** A new revision keeps the quote's client. */
  lockClient: boolean;
  initial: QuoteFormValues;
  initialClient: QuoteFormClient | null;
  options: QuoteFormOptions;
  actions: QuoteFormActions;
}) {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [pending, start] = useTransition();
  const [values, setValues] = useState<QuoteFormValues>(initial);
  const [client, setClient] = useState<QuoteFormClient | null>(initialClient);
  const [loadingClient, setLoadingClient] = useState(false);
  const [errors, setErrors] = useState<QuoteFormErrors>({});
  const nextKey = useRef(
    Math.max(0, ...initial.lines.map((l) => l.key), ...initial.costs.map((c) => c.key)) + 1,
  );

  const skillGroups = groupSkills(options.skills);
  const branch = client?.client.branches.find((b) => String(b.id) === values.branch_id) ?? null;
  const currency = branch?.currency ?? null;
  const digits = currency?.minor_units ?? 2;
  const money = (minor: number) => (currency ? formatMoney(minor, currency.code, digits) : "—");

  const set = <K extends keyof QuoteFormValues>(key: K, value: QuoteFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const setLine = (key: number, patch: Partial<QuoteFormLine>) =>
    setValues((v) => ({
      ...v,
      lines: v.lines.map((l) => (l.key === key ? { ...l, ...patch } : l)),
    }));
  const setCost = (key: number, patch: Partial<QuoteFormCost>) =>
    setValues((v) => ({
      ...v,
      costs: v.costs.map((c) => (c.key === key ? { ...c, ...patch } : c)),
    }));

  const chooseClient = (companyId: string) => {
    setValues((v) => ({ ...v, company_id: companyId, branch_id: "", venue_id: "" }));
    setClient(null);
    if (!companyId) return;
    setLoadingClient(true);
    actions.loadClient(Number(companyId)).then((r) => {
      setLoadingClient(false);
      if (!r.ok) return void notify.error(r.message);
      setClient(r.data);
      const b =
        r.data.client.branches.find((x) => x.is_default) ??
        (r.data.client.branches.length === 1 ? r.data.client.branches[0] : null);
      if (b) setValues((v) => ({ ...v, branch_id: String(b.id) }));
    });
  };

  const live = useQuotePreview(values, digits, actions.preview);

  const summary: ErrorSummaryItem[] = Object.entries(errors).flatMap(([path, messages]) =>
    messages
      .slice(0, 1)
      .map((message) => ({ target: fieldId(path), message: label(path, message) })),
  );

  const submit = () =>
    start(async () => {
      const r = await actions.save(quoteId, payloadOf(values, digits));
      if (r.ok) {
        notify.success(`Quote ${r.data.number} saved`);
        router.push(`/job-quotes/${r.data.id}`);
        router.refresh();
        return;
      }
      setErrors(r.errors ?? {});
      notify.error(r.message);
      requestAnimationFrame(() => focusFirstError(formRef.current));
    });

  const err = (path: string) => errors[path];
  const addLine = () =>
    setValues((v) => {
      const last = v.lines.at(-1);
      const line = last ? { ...last, key: nextKey.current++ } : emptyLine(nextKey.current++);
      return { ...v, lines: [...v.lines, line] };
    });
  const addCost = () =>
    setValues((v) => ({
      ...v,
      costs: [
        ...v.costs,
        { key: nextKey.current++, category: "travel", description: "", quantity: 1, amount: "" },
      ],
    }));

  return (
    <form
      ref={formRef}
      noValidate
      className="flex flex-col gap-6"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {revisionNote && (
        <Alert tone="info" title="This makes a new revision">
          {revisionNote}
        </Alert>
      )}
      <ErrorSummary items={summary} />
      <fieldset disabled={pending} className="flex min-w-0 flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Client and place</CardTitle>
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <FormField
              label="Client"
              required
              id={fieldId("company_id")}
              errors={err("company_id")}
              hint={lockClient ? "A new revision keeps the quote's client." : undefined}
            >
              <Select
                value={values.company_id}
                onChange={(e) => chooseClient(e.target.value)}
                placeholder="Choose a client"
                disabled={lockClient}
              >
                {options.companies.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField
              label="Branch"
              required
              id={fieldId("branch_id")}
              errors={err("branch_id")}
              hint={currency ? `Prices in ${currency.code}.` : "The branch sets the currency."}
            >
              <Select
                value={values.branch_id}
                onChange={(e) => set("branch_id", e.target.value)}
                placeholder={loadingClient ? "Loading…" : "Choose a branch"}
                disabled={!client}
              >
                {client?.client.branches.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name} ({b.currency.code})
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label="Venue" id={fieldId("venue_id")} errors={err("venue_id")}>
              <Select
                value={values.venue_id}
                onChange={(e) => set("venue_id", e.target.value)}
                disabled={!client}
              >
                <option value="">No venue: type an address</option>
                {client?.venues.map((v) => (
                  <option key={v.id} value={v.id}>
                    {v.city ? `${v.name}, ${v.city}` : v.name}
                  </option>
                ))}
              </Select>
            </FormField>
            {!values.venue_id && (
              <FormField label="Address" id={fieldId("address")} errors={err("address")}>
                <Input
                  value={values.address}
                  onChange={(e) => set("address", e.target.value)}
                  maxLength={500}
                  autoComplete="street-address"
                />
              </FormField>
            )}
            {client && (
              <p className="text-sm text-gray-600 sm:col-span-2">
                {client.client.contacts.length
                  ? `Sent to: ${client.client.contacts.map((c) => c.name).join(", ")}.`
                  : `${client.client.company.name} has no client contact yet: add one before you send the quote.`}
              </p>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Quote</CardTitle>
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <FormField label="Name" required id={fieldId("name")} errors={err("name")}>
              <Input
                value={values.name}
                onChange={(e) => set("name", e.target.value)}
                maxLength={200}
                autoComplete="off"
              />
            </FormField>
            <FormField
              label="Valid until"
              required
              id={fieldId("valid_until")}
              errors={err("valid_until")}
            >
              <DateInput value={values.valid_until} onValueChange={(v) => set("valid_until", v)} />
            </FormField>
            <FormField
              label="Notes for the client"
              id={fieldId("notes")}
              errors={err("notes")}
              className="sm:col-span-2"
            >
              <Textarea
                value={values.notes}
                onChange={(e) => set("notes", e.target.value)}
                rows={3}
                maxLength={5000}
              />
            </FormField>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <div className="flex flex-col gap-1">
              <CardTitle>Work</CardTitle>
              <CardDescription>
                One line per group of people doing the same work at the same time. An end before the
                start ends the next day.
              </CardDescription>
            </div>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {err("lines") && (
              <p id={fieldId("lines")} className="text-sm text-danger-700" data-invalid>
                {err("lines")![0]}
              </p>
            )}
            {values.lines.map((l, i) => (
              <QuoteLineFields
                key={l.key}
                line={l}
                index={i}
                err={err}
                skillGroups={skillGroups}
                levels={options.levels}
                result={live.lineResult(i)}
                missing={l.skill_id ? live.missingText(l.skill_id) : null}
                money={money}
                onChange={(patch) => setLine(l.key, patch)}
                onRemove={() =>
                  setValues((v) => ({ ...v, lines: v.lines.filter((x) => x.key !== l.key) }))
                }
              />
            ))}
            <div>
              <Button type="button" variant="secondary" onClick={addLine}>
                <Plus aria-hidden /> Add line
              </Button>
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Additional costs</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {values.costs.length === 0 && (
              <p className="text-sm text-gray-600">No additional costs: travel, equipment, food…</p>
            )}
            {values.costs.map((c, i) => (
              <QuoteCostFields
                key={c.key}
                cost={c}
                index={i}
                err={err}
                currency={currency}
                onChange={(patch) => setCost(c.key, patch)}
                onRemove={() =>
                  setValues((v) => ({ ...v, costs: v.costs.filter((x) => x.key !== c.key) }))
                }
              />
            ))}
            <div>
              <Button type="button" variant="secondary" onClick={addCost}>
                <Plus aria-hidden /> Add cost
              </Button>
            </div>
          </CardContent>
        </Card>

        <QuoteTotal
          discount={values}
          err={err}
          currency={currency}
          previewKey={live.previewKey}
          preview={live.preview}
          shown={live.shown}
          lineCount={values.lines.length}
          money={money}
          onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
        />
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <NavLink
          href={quoteId ? `/job-quotes/${quoteId}` : "/job-quotes"}
          className={buttonClass({ variant: "secondary" })}
        >
          Cancel
        </NavLink>
        <Button type="submit" loading={pending}>
          {quoteId ? "Save quote" : "Create quote"}
        </Button>
      </div>
    </form>
  );
}
