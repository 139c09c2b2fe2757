import { formatDate } from "@/lib/domain/format";
import { formatMoney } from "@/lib/domain/money";
import type { QuoteView } from "../quotes/view";
import type { BusinessDocumentModel } from "./business-document";

const CATEGORY: Record<string, string> = {
  travel: "Travel",
  equipment: "Equipment",
  food: "Food",
  other: "Other",
};

/** "2027-06-27" → "27/06/2027" (spec §9's date format; a local date, no zone to move through). */
const localDate = (iso: string) => iso.split("-").reverse().join("/");

/** "5 %" from basis points (500), "12.5 %" from 1250. */
const percent = (basisPoints: number) =>
  `${(basisPoints / 100).toLocaleString("en-GB", { maximumFractionDigits: 2 })} %`;

interface ClientData {
  company?: {
    name?: string | null;
    tax_id?: string | null;
    address?: string | null;
    zip?: string | null;
    city?: string | null;
  };
  contacts?: { name: string }[];
}

/**
 * The quote as the client reads it: who it is for, its number, date and validity, each line of
 * work with its band split and amount, the additional costs, discount, VAT and total, the notes
 * and the agency's terms. The agency's worker costs never appear on it.
 */
export function quoteDocumentModel(q: QuoteView, terms: string | null): BusinessDocumentModel {
  const money = (minor: number) => formatMoney(minor, q.currency.code);
  const client = (q.client_data ?? {}) as ClientData;
  const c = client.company ?? {};
  const place = [c.zip, c.city].filter(Boolean).join(" ");
  const where = q.venue?.name ?? q.address;
  return {
    title: `Quote ${q.number}`,
    subtitle: q.name,
    recipient: {
      heading: "Client",
      lines: [
        c.name ?? q.company.name,
        ...(client.contacts?.length
          ? [`Att. ${client.contacts.map((p) => p.name).join(", ")}`]
          : []),
        ...(c.address ? [c.address] : []),
        ...(place ? [place] : []),
        ...(c.tax_id ? [`VAT no. ${c.tax_id}`] : []),
      ],
    },
    references: [
      { label: "Quote number", value: q.number },
      { label: "Date", value: formatDate(new Date(q.sent_at ?? q.created_at), q.branch.time_zone) },
      { label: "Valid until", value: localDate(q.valid_until) },
      ...(where ? [{ label: "Where", value: where }] : []),
    ],
    tables: [
      {
        heading: "Crew",
        columns: [
          { label: "Date", width: 1.7 },
          { label: "Time", width: 2.1 },
          { label: "Skill", width: 2.6 },
          { label: "People", width: 1.1, align: "right" },
          { label: "Hours per person", width: 3 },
          { label: "Amount", width: 2.2, align: "right" },
        ],
        rows: q.lines.map((l) => [
          localDate(l.date),
          `${l.start}–${l.end}${l.overnight ? " (+1 day)" : ""}${l.break_minutes ? `, ${l.break_minutes} min break` : ""}`,
          l.level ? `${l.skill.name} · ${l.level.name}` : l.skill.name,
          String(l.positions),
          l.split,
          l.missing ? "Price on request" : money(l.amount),
        ]),
        empty: "No crew on this quote.",
      },
      ...(q.costs.length
        ? [
            {
              heading: "Additional costs",
              columns: [
                { label: "Cost", width: 5.5 },
                { label: "Quantity", width: 1.3, align: "right" as const },
                { label: "Unit price", width: 2.2, align: "right" as const },
                { label: "Amount", width: 2.2, align: "right" as const },
              ],
              rows: q.costs.map((k) => [
                [CATEGORY[k.category] ?? k.category, k.description].filter(Boolean).join(" · "),
                String(k.quantity),
                money(k.unit_amount),
                money(k.total),
              ]),
            },
          ]
        : []),
    ],
    totals: [
      {
        rows: [
          { label: "Subtotal", value: money(q.totals.subtotal) },
          ...(q.totals.discount
            ? [
                {
                  label:
                    q.discount?.kind === "percent"
                      ? `Discount ${percent(q.discount.value)}`
                      : "Discount",
                  value: money(-q.totals.discount),
                },
              ]
            : []),
          ...(q.vat_basis_points
            ? [{ label: `VAT ${percent(q.vat_basis_points)}`, value: money(q.totals.vat) }]
            : []),
          { label: `Total ${q.currency.code}`, value: money(q.totals.total), strong: true },
        ],
      },
    ],
    notes: [
      ...(q.notes ? [{ heading: "Notes", text: q.notes }] : []),
      ...(terms ? [{ heading: "Terms", text: terms }] : []),
    ],
  };
}
