import { amountInput } from "@/lib/domain/money";

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
