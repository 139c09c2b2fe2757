"use client";

import { useEffect, useState, useTransition, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import type { ColumnDef } from "@/components/ui/data-table-columns";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog-lazy";
import { Spinner } from "@/components/ui/spinner";
import { notify } from "@/components/ui/toaster";
import type { PaginationMeta } from "@/components/ui/pagination";
import { formatMoney } from "@/lib/domain/money";
import { totalsByCurrency } from "@/lib/domain/salary";
import { payableLines } from "@/lib/domain/salary-screen";
import type { SalaryOverviewRow } from "@/lib/services/salary";
import { payWorkerAction, workerLinesAction } from "./actions";

type Period = { from: string; to: string };
type Place = { branchId: number | null; countryId: number | null };
type Lines = Extract<Awaited<ReturnType<typeof workerLinesAction>>, { ok: true }>["data"];

const gross = (row: SalaryOverviewRow) => row.gross.map((g) => g.label).join(" · ") || "—";
const hours = (h: number) => `${h.toLocaleString("en-GB", { maximumFractionDigits: 2 })} h`;
const SOURCE: Record<string, string> = {
  job: "Job rate",
  custom: "Custom rate",
  card: "Rate card",
};
const sourceLabel = (s: string) => SOURCE[s.split(":")[0]] ?? s;
const dmy = (iso: string) => iso.split("-").reverse().join("/");
const money = (minor: number, currency: string) => formatMoney(minor, currency);

export function OverviewTable({
  items,
  meta,
  period,
  place,
  label,
  emptyTitle,
  emptyHint,
}: {
  items: SalaryOverviewRow[];
  meta: PaginationMeta;
  period: Period;
  place: Place;
  label: string;
  emptyTitle: string;
  emptyHint: ReactNode;
}) {
  const [open, setOpen] = useState<SalaryOverviewRow | null>(null);
  const [paying, setPaying] = useState<SalaryOverviewRow | null>(null);
  const columns: ColumnDef<SalaryOverviewRow>[] = [
    {
      id: "name",
      accessorKey: "name",
      header: "Worker",
      cell: ({ row }) => (
        <button
          type="button"
          className="text-left font-medium break-words text-accent-700 hover:underline"
          onClick={() => setOpen(row.original)}
          aria-label={`Open the salary lines of ${row.original.name}`}
        >
          {row.original.name}
        </button>
      ),
      meta: { label: "Worker", mobileTitle: true },
    },
    {
      id: "hours",
      accessorKey: "hours",
      header: "Hours",
      sortDescFirst: true,
      cell: ({ row }) => hours(row.original.hours),
      meta: { label: "Hours", align: "right" },
    },
    {
      id: "gross",
      header: "Gross",
      cell: ({ row }) => gross(row.original),
      meta: { label: "Gross", align: "right" },
    },
    {
      id: "status",
      header: "Status",
      cell: ({ row }) =>
        row.original.status === "paid" ? (
          <Badge tone="success">Paid</Badge>
        ) : (
          <Badge tone="warning">Draft</Badge>
        ),
      meta: { label: "Status" },
    },
    {
      id: "actions",
      header: "",
      cell: ({ row }) =>
        row.original.status === "draft" ? (
          <Button
            size="sm"
            onClick={() => setPaying(row.original)}
            aria-label={`Pay ${row.original.name}`}
          >
            Pay
          </Button>
        ) : null,
      meta: { label: "", align: "right", sticky: "right" },
    },
  ];
  return (
    <>
      <DataTable
        columns={columns}
        data={items}
        meta={meta}
        caption={`Salary for ${label}`}
        emptyTitle={emptyTitle}
        emptyHint={emptyHint}
        getRowId={(row) => String(row.user_id)}
      />
      {open && (
        <WorkerLines row={open} period={period} label={label} onClose={() => setOpen(null)} />
      )}
      {paying && (
        <PayDialog
          row={paying}
          period={period}
          place={place}
          label={label}
          onClose={() => setPaying(null)}
        />
      )}
    </>
  );
}

/** The worker's lines of the period: date, job, skill, band minutes, rate and its source, amount. */
function WorkerLines({
  row,
  period,
  label,
  onClose,
}: {
  row: SalaryOverviewRow;
  period: Period;
  label: string;
  onClose: () => void;
}) {
  const [data, setData] = useState<Lines | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, start] = useTransition();
  const { from, to } = period;
  useEffect(() => {
    start(async () => {
      const r = await workerLinesAction({ user_id: row.user_id, from, to });
      if (r.ok) setData(r.data);
      else setError(r.message);
    });
  }, [row.user_id, from, to]);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        size="lg"
        title={`${row.name}: salary for ${label}`}
        description={`${hours(row.hours)} · ${gross(row)}`}
      >
        {loading && <Spinner label="Loading the salary lines" />}
        {error && <p className="text-sm text-danger-700">{error}</p>}
        {data && (
          <ul className="flex max-h-[60vh] flex-col divide-y divide-gray-200 overflow-y-auto text-sm">
            {data.lines.map((l) => (
              <li key={l.id} className="flex flex-col gap-1 py-3">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-medium text-gray-900">
                    {dmy(l.work_date)} · {l.job ?? "Deleted job"}
                  </span>
                  <span className="font-medium tabular-nums">{l.label}</span>
                </div>
                <span className="text-gray-700">
                  {l.skill} · {hours(l.hours)} ·{" "}
                  {[
                    l.minutes.standard &&
                      `${hours(l.minutes.standard / 60)} standard at ${money(l.rates.standard, l.currency_code)}`,
                    l.minutes.weekend &&
                      `${hours(l.minutes.weekend / 60)} weekend at ${money(l.rates.weekend ?? l.rates.standard, l.currency_code)}`,
                    l.minutes.night &&
                      `${hours(l.minutes.night / 60)} night at ${money(l.rates.night ?? l.rates.standard, l.currency_code)}`,
                  ]
                    .filter(Boolean)
                    .join(", ")}
                </span>
                <span className="text-xs text-gray-600">
                  {sourceLabel(l.rate_source)} · {l.status === "paid" ? "Paid" : "Draft"}
                </span>
              </li>
            ))}
          </ul>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="secondary">
              Close
            </Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function PayDialog({
  row,
  period,
  place,
  label,
  onClose,
}: {
  row: SalaryOverviewRow;
  period: Period;
  place: Place;
  label: string;
  onClose: () => void;
}) {
  const router = useRouter();
  const [busy, start] = useTransition();
  const [lines, setLines] = useState<Lines["lines"] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { from, to } = period;
  const { branchId, countryId } = place;
  // What is paid is what the dialog shows: the worker's draft lines of this view's place.
  useEffect(() => {
    start(async () => {
      const r = await workerLinesAction({ user_id: row.user_id, from, to });
      if (r.ok) setLines(payableLines(r.data.lines, { branchId, countryId }));
      else setError(r.message);
    });
  }, [row.user_id, from, to, branchId, countryId]);
  const amount = lines
    ? totalsByCurrency(
        lines.map((l) => ({
          currencyCode: l.currency_code,
          amount: l.amount,
          standardMinutes: l.minutes.standard,
          weekendMinutes: l.minutes.weekend,
          nightMinutes: l.minutes.night,
        })),
      )
        .map((t) => formatMoney(t.amount, t.currency_code))
        .join(" · ")
    : null;
  const pay = () =>
    start(async () => {
      if (!lines?.length) return;
      const r = await payWorkerAction({ ...period, line_ids: lines.map((l) => l.id) });
      if (!r.ok) return void notify.error(r.message);
      notify.success(`Paid ${row.name} for ${label}: ${amount}.`);
      onClose();
      router.refresh();
    });
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        title={`Pay ${row.name} for ${label}?`}
        description={
          amount
            ? `${amount} for ${lines!.length} salary line${lines!.length === 1 ? "" : "s"}. The hours behind them are locked and the pay slip shows them as paid.`
            : "Reading what is left to pay…"
        }
      >
        {error && <p className="text-sm text-danger-700">{error}</p>}
        {lines && !lines.length && (
          <p className="text-sm text-gray-700">Nothing is left to pay here for {label}.</p>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="secondary">
              Cancel
            </Button>
          </DialogClose>
          <Button onClick={pay} loading={busy} disabled={!lines?.length}>
            {amount ? `Pay ${amount}` : "Pay"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
