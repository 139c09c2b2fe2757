import { amountInput, parseAmount } from "@/lib/domain/money";
import type { QuoteFormOptions } from "@/lib/services/quotes/form-options";

/** The quote form's values (components/quotes/quote-form.tsx), shared with its server pages. */

export interface QuoteFormLine {
  key: number;
  date: string;
  start: string;
  end: string;
  skill_id: string;
  level_id: string;
  positions: number;
  break_minutes: number;
}

export interface QuoteFormCost {
  key: number;
  category: string;
  description: string;
  quantity: number;
  /** As typed, in the currency's major units ("250.00"). */
  amount: string;
}

export interface QuoteFormValues {
  company_id: string;
  branch_id: string;
  venue_id: string;
  address: string;
  name: string;
  valid_until: string;
  notes: string;
  discount_kind: "" | "percent" | "amount";
  /** As typed: percent ("10") or an amount in major units ("500.00"). */
  discount_value: string;
  lines: QuoteFormLine[];
  costs: QuoteFormCost[];
}

export const emptyLine = (key: number, date = ""): QuoteFormLine => ({
  key,
  date,
  start: "08:00",
  end: "16:00",
  skill_id: "",
  level_id: "",
  positions: 1,
  break_minutes: 0,
});

/** The form's values from a saved quote (edit) — amounts back into major units. */
export function valuesOfQuote(q: {
  company: { id: number };
  branch: { id: number };
  venue: { id: number } | null;
  address: string | null;
  name: string;
  valid_until: string;
  notes: string | null;
  discount: { kind: "percent" | "amount"; value: number } | null;
  currency: { minor_units: number };
  lines: {
    date: string;
    start: string;
    end: string;
    skill: { id: number };
    level: { id: number } | null;
    positions: number;
    break_minutes: number;
  }[];
  costs: { category: string; description: string | null; quantity: number; unit_amount: number }[];
}): QuoteFormValues {
  const digits = q.currency.minor_units;
  let key = 1;
  return {
    company_id: String(q.company.id),
    branch_id: String(q.branch.id),
    venue_id: q.venue ? String(q.venue.id) : "",
    address: q.address ?? "",
    name: q.name,
    valid_until: q.valid_until,
    notes: q.notes ?? "",
    discount_kind: q.discount?.kind ?? "",
    discount_value: !q.discount
      ? ""
      : q.discount.kind === "percent"
        ? String(q.discount.value / 100)
        : amountInput(q.discount.value, digits),
    lines: q.lines.map((l) => ({
      key: key++,
      date: l.date,
      start: l.start,
      end: l.end,
      skill_id: String(l.skill.id),
      level_id: l.level ? String(l.level.id) : "",
      positions: l.positions,
      break_minutes: l.break_minutes,
    })),
    costs: q.costs.map((c) => ({
      key: key++,
      category: c.category,
      description: c.description ?? "",
      quantity: c.quantity,
      amount: amountInput(c.unit_amount, digits),
    })),
  };
}

export const COST_KINDS = [
  { value: "travel", label: "Travel" },
  { value: "equipment", label: "Equipment" },
  { value: "food", label: "Food" },
  { value: "other", label: "Other" },
];

/** A field's errors by its path ("lines.0.start"), as a save answers them. */
export type QuoteFormErrors = Record<string, string[]>;
export const fieldId = (path: string) => `quote-${path.replace(/\./g, "-")}`;

/** Basis points from a typed percent ("12.5" → 1250); null when it is not a number. */
export function percentToBasisPoints(text: string): number | null {
  const t = text.trim().replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

/** A number typed where one is wanted, else the text as typed (the verb names the error). */
export function payloadOf(v: QuoteFormValues, digits: number) {
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

export const lineReady = (l: QuoteFormLine) => Boolean(l.date && l.start && l.end && l.skill_id);

/** What the live total asks for ("" for nothing yet): the filled-in lines and typed costs. */
export function previewKeyOf(values: QuoteFormValues, digits: number): string {
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

/** Sub-skills under their skill (what a line is priced by); a skill without any stands alone. */
export function groupSkills(skills: QuoteFormOptions["skills"]) {
  const groups = new Map<string, QuoteFormOptions["skills"]>();
  const parents = new Set(skills.flatMap((s) => (s.group ? [s.group] : [])));
  for (const s of skills) {
    if (!s.group && parents.has(s.name)) continue;
    const g = s.group ?? "Other skills";
    groups.set(g, [...(groups.get(g) ?? []), s]);
  }
  return [...groups.entries()];
}

/** "Line 2: must be a time as HH:mm" — a summary line says which line or cost it is about. */
export function label(path: string, message: string): string {
  const m = /^(lines|costs)\.(\d+)\./.exec(path);
  if (!m) return message;
  return `${m[1] === "lines" ? "Line" : "Cost"} ${Number(m[2]) + 1}: ${message}`;
}
