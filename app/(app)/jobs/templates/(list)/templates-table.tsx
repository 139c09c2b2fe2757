"use client";

import { useState } from "react";
import { NavLink } from "@/components/ui/nav-link";
import { useRouter } from "next/navigation";
import type { ColumnDef } from "@/components/ui/data-table-columns";
import { Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { PaginationMeta } from "@/components/ui/pagination";
import type { TemplateListItem } from "@/lib/services/templates";
import { deleteTemplateAction } from "../actions";

/** "2026-11-22T10:00:00+01:00" → "22/11/2026" (the date as the server wrote it, spec §9). */
const shownDate = (iso: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
};

function DeleteTemplate({ template }: { template: TemplateListItem }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden /> Delete<span className="sr-only"> {template.name}</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this template?"
        description={`“${template.name}” is removed for everyone. Jobs built from it stay as they are.`}
        size="sm"
        keepLabel="Keep it"
        confirmLabel="Delete template"
        action={() => deleteTemplateAction(template.id)}
        onDone={() => router.refresh()}
      />
    </>
  );
}

const columns: ColumnDef<TemplateListItem>[] = [
  {
    id: "name",
    header: "Template",
    cell: ({ row }) => (
      <NavLink
        href={`/jobs/templates/${row.original.id}`}
        className="font-medium break-words text-accent-700 hover:underline"
      >
        {row.original.name}
      </NavLink>
    ),
    meta: { label: "Template", mobileTitle: true },
  },
  {
    id: "company",
    header: "Company",
    cell: ({ row }) => row.original.company_name,
    meta: { label: "Company" },
  },
  {
    id: "shifts",
    header: "Shifts",
    cell: ({ row }) => <span className="tabular-nums">{row.original.shifts_count}</span>,
    meta: { label: "Shifts", align: "right" },
  },
  {
    id: "created_by",
    header: "Created by",
    cell: ({ row }) => row.original.created_by ?? "—",
    meta: { label: "Created by" },
  },
  {
    id: "created_at",
    header: "Created",
    cell: ({ row }) => <span className="tabular-nums">{shownDate(row.original.created_at)}</span>,
    meta: { label: "Created" },
  },
  {
    id: "actions",
    header: () => <span className="sr-only">Actions</span>,
    cell: ({ row }) => <DeleteTemplate template={row.original} />,
    meta: { align: "right" },
  },
];

export function TemplatesTable({
  items,
  meta,
  emptyHint,
}: {
  items: TemplateListItem[];
  meta: PaginationMeta;
  emptyHint: string;
}) {
  return (
    <DataTable
      columns={columns}
      data={items}
      meta={meta}
      caption="Job templates"
      emptyTitle="No job templates"
      emptyHint={emptyHint}
      getRowId={(row) => String(row.id)}
    />
  );
}
