"use client";

import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { ColumnDef } from "@tanstack/react-table";
import { Badge, Button, DataTable, notify, type PaginationMeta } from "@/components/ui";
import type { ApplicantRow } from "@/lib/services/applicants";
import { approveApplicantAction } from "./actions";

/** A row as the page hands it over: the registration time already formatted on the server. */
export type ApplicantView = ApplicantRow & { registered: string };

const dash = <span className="text-gray-600">—</span>;
const listOf = (names: string[]) => (names.length ? names.join(", ") : dash);

function Documents({ d, id }: { d: ApplicantRow["documents"]; id: number }) {
  const total = d.pending + d.approved + d.declined;
  if (!total)
    return (
      <Link href={`/users/${id}/my-documents`} className="text-gray-700 hover:underline">
        None uploaded
      </Link>
    );
  return (
    <Link
      href={`/users/${id}/my-documents`}
      className="flex flex-wrap gap-1 rounded hover:underline"
      aria-label={`Documents: ${d.pending} pending, ${d.approved} approved, ${d.declined} declined`}
    >
      {d.pending > 0 && <Badge tone="warning">{d.pending} pending</Badge>}
      {d.approved > 0 && <Badge tone="success">{d.approved} approved</Badge>}
      {d.declined > 0 && <Badge tone="danger">{d.declined} declined</Badge>}
    </Link>
  );
}

function Completeness({ c }: { c: ApplicantRow["completeness"] }) {
  const complete = c.done === c.total;
  return (
    <span className="flex flex-col gap-0.5">
      <Badge tone={complete ? "success" : "neutral"} className="w-fit">
        {c.done} of {c.total}
      </Badge>
      {!complete && (
        <span className="text-xs text-gray-600">Missing: {c.missing.join(", ").toLowerCase()}</span>
      )}
    </span>
  );
}

function columns(
  awaiting: ReadonlySet<number>,
  approve: (row: ApplicantView) => void,
): ColumnDef<ApplicantView>[] {
  return [
    {
      id: "name",
      header: "Applicant",
      cell: ({ row }) => {
        const a = row.original;
        return (
          <span className="flex min-w-0 flex-col sm:min-w-52">
            <Link
              href={`/users/${a.id}/personal`}
              className="font-medium break-words text-accent-700 hover:underline"
            >
              {a.name}
            </Link>
            <span className="text-xs [overflow-wrap:anywhere] text-gray-600">{a.email}</span>
            {a.phone && <span className="text-xs text-gray-600">{a.phone}</span>}
          </span>
        );
      },
      meta: { label: "Applicant", mobileTitle: true },
    },
    {
      id: "registered",
      header: "Registered",
      cell: ({ row }) => (
        <span className="flex flex-col">
          <span className="whitespace-nowrap tabular-nums">{row.original.registered}</span>
          {!row.original.email_verified && (
            <span className="text-xs text-gray-600">E-mail not confirmed</span>
          )}
        </span>
      ),
      meta: { label: "Registered" },
    },
    {
      id: "where",
      header: "Country / branch",
      cell: ({ row }) => {
        const a = row.original;
        const parts = [a.country?.name, ...a.branches.map((b) => b.name)].filter(Boolean);
        return listOf(parts as string[]);
      },
      meta: { label: "Country / branch" },
    },
    {
      id: "skills",
      header: "Skills",
      cell: ({ row }) => <span className="line-clamp-2">{listOf(row.original.skills)}</span>,
      meta: { label: "Skills" },
    },
    {
      id: "documents",
      header: "Documents",
      cell: ({ row }) => <Documents d={row.original.documents} id={row.original.id} />,
      meta: { label: "Documents" },
    },
    {
      id: "profile",
      header: "Profile",
      cell: ({ row }) => <Completeness c={row.original.completeness} />,
      meta: { label: "Profile" },
    },
    {
      id: "invited",
      header: "Invited by",
      cell: ({ row }) => {
        const by = row.original.invited_by;
        return by ? (
          <Link href={`/users/${by.id}/personal`} className="text-accent-700 hover:underline">
            {by.name}
          </Link>
        ) : (
          dash
        );
      },
      meta: { label: "Invited by" },
    },
    {
      id: "actions",
      header: "",
      cell: ({ row }) => {
        const a = row.original;
        const busy = awaiting.has(a.id);
        return (
          <Button
            size="sm"
            loading={busy}
            disabled={busy}
            aria-label={`Approve ${a.name}`}
            onClick={() => approve(a)}
          >
            Approve
          </Button>
        );
      },
      meta: { label: "", align: "right" },
    },
  ];
}

/**
 * The applicants list. A row being approved is held in an awaiting list (spinner, disabled,
 * spec §4); on success it leaves and the page (with the menu's count) is read again; on
 * failure the mark clears.
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
      router.refresh();
    }
  }

  return (
    <DataTable
      columns={columns(awaiting, approve)}
      data={items.filter((a) => !approved.has(a.id))}
      meta={meta}
      caption="Applicants awaiting approval"
      emptyTitle={emptyTitle}
      emptyHint={emptyHint}
      getRowId={(row) => String(row.id)}
    />
  );
}
