"use client";

import { useState } from "react";
import { FileSpreadsheet } from "lucide-react";
import { Button } from "@/components/ui";
import { RosterDialog, thisMonth } from "./roster-dialog";

/** /client/{id}: "Download roster" of the company's jobs over a date range (this month first). */
export function ClientRosterButton({ companyId, name }: { companyId: number; name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <FileSpreadsheet aria-hidden /> Download roster
      </Button>
      <RosterDialog
        open={open}
        onOpenChange={setOpen}
        target={{ client: companyId }}
        initial={thisMonth()}
        description={`The crew of ${name}'s jobs on the shifts between these days, one sheet per job.`}
      />
    </>
  );
}
