"use client";

import { useEffect, useRef, useState, useTransition } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Plus, Trash2 } from "lucide-react";
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  DateInput,
  ErrorSummary,
  FormField,
  Input,
  NumberInput,
  Select,
  Textarea,
  TimeInput,
  buttonClass,
  focusFirstError,
  notify,
  type ErrorSummaryItem,
} from "@/components/ui";
import type { ActionResult } from "@/lib/http/action";
import { formatMoney, parseAmount } from "@/lib/domain/money";
import type { QuoteFormClient, QuoteFormOptions } from "@/lib/services/quotes/form-options";
import type { QuotePreview } from "@/lib/services/quotes/preview";
import {
  emptyLine,
  type QuoteFormCost,
  type QuoteFormLine,
  type QuoteFormValues,
} from "./quote-form-values";

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

const PREVIEW_MS = 400;
const COST_KINDS = [
  { value: "travel", label: "Travel" },
  { value: "equipment", label: "Equipment" },
  { value: "food", label: "Food" },
  { value: "other", label: "Other" },
];

type Errors = Record<string, string[]>;
const fieldId = (path: string) => `quote-${path.replace(/\./g, "-")}`;

/** Basis points from a typed percent ("12.5" → 1250); null when it is not a number. */
function percentToBasisPoints(text: string): number | null {
  const t = text.trim().replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

/** A number typed where one is wanted, else the text as typed (the verb names the error). */
function payloadOf(v: QuoteFormValues, digits: number) {
  const discount =
    v.discount_kind === "percent"
      ? (percentToBasisPoints(v.discount_value) ?? v.discount_value)
      : v.discount_kind === "amount"
        ? (parseAmount(v.discount_value, digits) ?? v.discount_value)
        : null;
  return {
    name: v.name,
    company_id: v.company_id,
    branch_id: v.branch_id,
    venue_id: v.venue_id || null,
    address: v.venue_id ? null : v.address,
    valid_until: v.valid_until,
    notes: v.notes,
    discount_kind: v.discount_kind || null,
    discount_value: v.discount_kind ? discount : null,
    lines: v.lines.map((l) => ({
      date: l.date,
      start: l.start,
      end: l.end,
      skill_id: l.skill_id,
      level_id: l.level_id || null,
      positions: l.positions,
      break_minutes: l.break_minutes,
    })),
    costs: v.costs.map((c) => ({
      category: c.category,
      description: c.description,
      quantity: c.quantity,
      unit_amount: parseAmount(c.amount, digits) ?? c.amount,
    })),
  };
}

const lineReady = (l: QuoteFormLine) => Boolean(l.date && l.start && l.end && l.skill_id);

/** What the live total asks for ("" for nothing yet): the filled-in lines and typed costs. */
function previewKeyOf(values: QuoteFormValues, digits: number): string {
  const ready = values.lines.map((l, i) => [l, i] as const).filter(([l]) => lineReady(l));
  if (!values.company_id || !values.branch_id || !ready.length) return "";
  const p = payloadOf(values, digits);
  return JSON.stringify({
    input: {
      ...p,
      // Text that does not change the price is left out, so typing it asks for nothing.
      name: "",
      notes: null,
      address: null,
      lines: ready.map(([, i]) => p.lines[i]),
      costs: p.costs.filter((c) => typeof c.unit_amount === "number"),
    },
    map: ready.map(([, i]) => i),
  });
}

type PreviewState =
  | { kind: "idle" }
  | { kind: "loading"; last: QuotePreview | null; map: number[] }
  | { kind: "ready"; data: QuotePreview; map: number[] }
  | { kind: "error"; message: string };

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
  const [errors, setErrors] = useState<Errors>({});
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

  // The live total: the lines that are filled in, priced by the server, debounced. The key
  // holds the input and which form line each priced line is.
  const previewKey = previewKeyOf(values, digits);
  const [preview, setPreview] = useState<PreviewState>({ kind: "idle" });
  const asked = useRef(0);
  useEffect(() => {
    if (!previewKey) return;
    const n = ++asked.current;
    const { input, map } = JSON.parse(previewKey) as { input: unknown; map: number[] };
    const timer = setTimeout(() => {
      setPreview((s) => ({
        kind: "loading",
        last: s.kind === "ready" ? s.data : s.kind === "loading" ? s.last : null,
        map,
      }));
      actions.preview(input).then((r) => {
        if (n !== asked.current) return;
        setPreview(
          r.ok ? { kind: "ready", data: r.data, map } : { kind: "error", message: r.message },
        );
      });
    }, PREVIEW_MS);
    return () => clearTimeout(timer);
  }, [previewKey, actions]);
  const shown = !previewKey
    ? null
    : preview.kind === "ready"
      ? { data: preview.data, map: preview.map }
      : preview.kind === "loading" && preview.last
        ? { data: preview.last, map: preview.map }
        : null;
  const lineResult = (index: number) => {
    if (!shown) return null;
    const at = shown.map.indexOf(index);
    return at >= 0 ? (shown.data.lines[at] ?? null) : null;
  };
  const missingText = (skillId: string) =>
    shown?.data.missing.find((m) => String(m.skill_id) === skillId)?.message ?? null;

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
            {values.lines.map((l, i) => {
              const result = lineResult(i);
              const overnight = Boolean(l.start && l.end && l.end <= l.start);
              const missing = l.skill_id ? missingText(l.skill_id) : null;
              return (
                <fieldset
                  key={l.key}
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
                      <DateInput
                        value={l.date}
                        onValueChange={(v) => setLine(l.key, { date: v })}
                      />
                    </FormField>
                    <FormField
                      label="Start"
                      id={fieldId(`lines.${i}.start`)}
                      errors={err(`lines.${i}.start`)}
                    >
                      <TimeInput
                        value={l.start}
                        onValueChange={(v) => setLine(l.key, { start: v })}
                      />
                    </FormField>
                    <FormField
                      label="End"
                      id={fieldId(`lines.${i}.end`)}
                      errors={err(`lines.${i}.end`)}
                      hint={overnight ? "Ends next day" : undefined}
                    >
                      <TimeInput value={l.end} onValueChange={(v) => setLine(l.key, { end: v })} />
                    </FormField>
                    <FormField
                      label="Skill"
                      id={fieldId(`lines.${i}.skill_id`)}
                      errors={err(`lines.${i}.skill_id`)}
                      className="col-span-2"
                    >
                      <Select
                        value={l.skill_id}
                        onChange={(e) => setLine(l.key, { skill_id: e.target.value })}
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
                      <Select
                        value={l.level_id}
                        onChange={(e) => setLine(l.key, { level_id: e.target.value })}
                      >
                        <option value="">Any</option>
                        {options.levels.map((lv) => (
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
                        onValueChange={(v) => setLine(l.key, { positions: v })}
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
                        onValueChange={(v) => setLine(l.key, { break_minutes: v })}
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
                        onClick={() =>
                          setValues((v) => ({
                            ...v,
                            lines: v.lines.filter((x) => x.key !== l.key),
                          }))
                        }
                        aria-label={`Remove line ${i + 1}`}
                      >
                        <Trash2 aria-hidden /> Remove
                      </Button>
                    </span>
                  </div>
                  {result?.missing && missing && <Alert tone="warning">{missing}</Alert>}
                </fieldset>
              );
            })}
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
              <fieldset
                key={c.key}
                className="grid grid-cols-2 items-end gap-3 rounded-card border border-gray-200 p-3 sm:grid-cols-6 sm:p-4"
                aria-label={`Cost ${i + 1}`}
              >
                <legend className="sr-only">Cost {i + 1}</legend>
                <FormField
                  label="Kind"
                  id={fieldId(`costs.${i}.category`)}
                  errors={err(`costs.${i}.category`)}
                >
                  <Select
                    value={c.category}
                    onChange={(e) => setCost(c.key, { category: e.target.value })}
                  >
                    {COST_KINDS.map((k) => (
                      <option key={k.value} value={k.value}>
                        {k.label}
                      </option>
                    ))}
                  </Select>
                </FormField>
                <FormField
                  label="Description"
                  id={fieldId(`costs.${i}.description`)}
                  errors={err(`costs.${i}.description`)}
                  className="col-span-2 sm:col-span-2"
                >
                  <Input
                    value={c.description}
                    onChange={(e) => setCost(c.key, { description: e.target.value })}
                    maxLength={500}
                  />
                </FormField>
                <FormField
                  label="Quantity"
                  id={fieldId(`costs.${i}.quantity`)}
                  errors={err(`costs.${i}.quantity`)}
                >
                  <NumberInput
                    value={c.quantity}
                    onValueChange={(v) => setCost(c.key, { quantity: v })}
                    min={1}
                    max={10000}
                    integer
                  />
                </FormField>
                <FormField
                  label={`Amount${currency ? ` (${currency.code})` : ""}`}
                  id={fieldId(`costs.${i}.unit_amount`)}
                  errors={err(`costs.${i}.unit_amount`)}
                >
                  <Input
                    value={c.amount}
                    onChange={(e) => setCost(c.key, { amount: e.target.value })}
                    inputMode="decimal"
                  />
                </FormField>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() =>
                    setValues((v) => ({ ...v, costs: v.costs.filter((x) => x.key !== c.key) }))
                  }
                  aria-label={`Remove cost ${i + 1}`}
                >
                  <Trash2 aria-hidden /> Remove
                </Button>
              </fieldset>
            ))}
            <div>
              <Button type="button" variant="secondary" onClick={addCost}>
                <Plus aria-hidden /> Add cost
              </Button>
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Discount and total</CardTitle>
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-6 md:grid-cols-2">
            <div className="grid grid-cols-2 gap-3 self-start">
              <FormField
                label="Discount"
                id={fieldId("discount_kind")}
                errors={err("discount_kind")}
              >
                <Select
                  value={values.discount_kind}
                  onChange={(e) =>
                    set("discount_kind", e.target.value as QuoteFormValues["discount_kind"])
                  }
                >
                  <option value="">No discount</option>
                  <option value="percent">Percent</option>
                  <option value="amount">Amount</option>
                </Select>
              </FormField>
              {values.discount_kind && (
                <FormField
                  label={
                    values.discount_kind === "percent"
                      ? "Percent"
                      : `Amount${currency ? ` (${currency.code})` : ""}`
                  }
                  id={fieldId("discount_value")}
                  errors={err("discount_value")}
                >
                  <Input
                    value={values.discount_value}
                    onChange={(e) => set("discount_value", e.target.value)}
                    inputMode="decimal"
                  />
                </FormField>
              )}
            </div>
            <section
              aria-label="Live total"
              aria-live="polite"
              className="flex flex-col gap-1 text-sm"
            >
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
                  {shown.map.length < values.lines.length && (
                    <p className="text-gray-600">Lines not filled in yet are left out.</p>
                  )}
                </dl>
              )}
            </section>
          </CardContent>
        </Card>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link
          href={quoteId ? `/job-quotes/${quoteId}` : "/job-quotes"}
          className={buttonClass({ variant: "secondary" })}
        >
          Cancel
        </Link>
        <Button type="submit" loading={pending}>
          {quoteId ? "Save quote" : "Create quote"}
        </Button>
      </div>
    </form>
  );
}

/** Sub-skills under their skill (what a line is priced by); a skill without any stands alone. */
function groupSkills(skills: QuoteFormOptions["skills"]) {
  const groups = new Map<string, QuoteFormOptions["skills"]>();
  const parents = new Set(skills.flatMap((s) => (s.group ? [s.group] : [])));
  for (const s of skills) {
    if (!s.group && parents.has(s.name)) continue;
    const g = s.group ?? "Other skills";
    groups.set(g, [...(groups.get(g) ?? []), s]);
  }
  return [...groups.entries()];
}

function TotalRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-gray-700">{label}</dt>
      <dd className="tabular-nums">{children}</dd>
    </div>
  );
}

/** "Line 2: must be a time as HH:mm" — a summary line says which line or cost it is about. */
function label(path: string, message: string): string {
  const m = /^(lines|costs)\.(\d+)\./.exec(path);
  if (!m) return message;
  return `${m[1] === "lines" ? "Line" : "Cost"} ${Number(m[2]) + 1}: ${message}`;
}
