"use client";

import { useState } from "react";
import { NavLink } from "@/components/ui/nav-link";
import { useRouter } from "next/navigation";
import type { ColumnDef } from "@/components/ui/data-table-columns";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { notify } from "@/components/ui/toaster";
import type { PaginationMeta } from "@/components/ui/pagination";
import type { ApplicantRow } from "@/lib/services/applicants";
import { approveApplicantAction } from "./actions";
import {
  ApplicantDetails,
  Completeness,
  ConfirmApprove,
  DocumentBadges,
} from "./applicant-details";

/** A row as the page hands it over: the registration time already formatted on the server. */
export type ApplicantView = ApplicantRow & { registered: string };

/*
 * Few columns, so the name and the actions fit beside each other at any width (issue 23: at
 * 1280 px Approve sat off screen and the names were cut off). Where, skills and who invited
 * them are in the Details dialog; Registered shows from 1280 px.
 */
function columns(
  awaiting: ReadonlySet<number>,
  open: (row: ApplicantView) => void,
  approve: (row: ApplicantView) => void,
): ColumnDef<ApplicantView>[] {
  return [
    {
      id: "name",
      header: "Applicant",
      cell: ({ row }) => {
        const a = row.original;
        return (
          <span className="flex min-w-0 flex-col">
            <NavLink
              href={`/users/${a.id}/personal`}
              className="font-medium break-words text-accent-700 hover:underline"
            >
              {a.name}
            </NavLink>
            <span className="text-xs [overflow-wrap:anywhere] text-gray-600">{a.email}</span>
          </span>
        );
      },
      meta: { label: "Applicant", mobileTitle: true, cellClassName: "min-w-40" },
    },
    {
      id: "registered",
      header: "Registered",
      cell: ({ row }) => (
        <span className="flex flex-col">
          <span className="tabular-nums">{row.original.registered}</span>
          {!row.original.email_verified && (
            <span className="text-xs text-gray-600">E-mail not confirmed</span>
          )}
        </span>
      ),
      meta: {
        label: "Registered",
        headerClassName: "hidden xl:table-cell",
        cellClassName: "hidden xl:table-cell",
      },
    },
    {
      id: "checks",
      header: "Profile and documents",
      cell: ({ row }) => (
        <span className="flex flex-col gap-1">
          <Completeness c={row.original.completeness} short />
          <DocumentBadges a={row.original} />
        </span>
      ),
      meta: { label: "Profile and documents" },
    },
    {
      id: "actions",
      header: "",
      cell: ({ row }) => {
        const a = row.original;
        const busy = awaiting.has(a.id);
        return (
          <span className="flex justify-end gap-2">
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Details of ${a.name}`}
              onClick={() => open(a)}
            >
              Details
            </Button>
            <Button
              size="sm"
              loading={busy}
              disabled={busy}
              aria-label={`Approve ${a.name}`}
              onClick={() => approve(a)}
            >
              Approve
            </Button>
          </span>
        );
      },
      meta: { label: "", align: "right", cellClassName: "w-px whitespace-nowrap" },
    },
  ];
}

/**
 * The applicants list. Approving asks first, naming the person; a row being approved is held
 * in an awaiting list (spinner, disabled, spec §4); on success it leaves and the page (with
 * the menu's count) is read again; on failure the mark clears.
 */
export function ApplicantsTable({
  items,
  meta,
  emptyTitle,
  emptyHint,
}: {
  items: ApplicantView[];
  meta: PaginationMeta;
  emptyTitle: string;
  emptyHint: string;
}) {
  const router = useRouter();
  const [awaiting, setAwaiting] = useState<ReadonlySet<number>>(new Set());
  const [approved, setApproved] = useState<ReadonlySet<number>>(new Set());
  const [details, setDetails] = useState<ApplicantView | null>(null);
  const [asking, setAsking] = useState<ApplicantView | null>(null);
  const mark = (id: number, on: boolean) =>
    setAwaiting((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  async function approve(row: ApplicantView) {
    mark(row.id, true);
    try {
      const r = await approveApplicantAction(row.id);
      if (r.ok) {
        setApproved((s) => new Set(s).add(row.id));
        notify.success("User approved succesfully.");
      } else {
        notify.error("There was an error.", { description: r.message });
      }
    } catch {
      notify.error("There was an error.");
    } finally {
      mark(row.id, false);
      setAsking(null);
      router.refresh();
    }
  }

  const ask = (row: ApplicantView) => {
    setDetails(null);
    setAsking(row);
  };

  return (
    <>
      <DataTable
        columns={columns(awaiting, setDetails, ask)}
        data={items.filter((a) => !approved.has(a.id))}
        meta={meta}
        caption="Applicants awaiting approval"
        emptyTitle={emptyTitle}
        emptyHint={emptyHint}
        getRowId={(row) => String(row.id)}
      />
      {details && (
        <ApplicantDetails
          applicant={details}
          onOpenChange={(open) => !open && setDetails(null)}
          onApprove={() => ask(details)}
        />
      )}
      {asking && (
        <ConfirmApprove
          applicant={asking}
          pending={awaiting.has(asking.id)}
          onCancel={() => setAsking(null)}
          onConfirm={() => approve(asking)}
        />
      )}
    </>
  );
}
