"use client";

import { useState } from "react";
import { FileSpreadsheet } from "lucide-react";
import { Button } from "@/components/ui/button";
import { thisMonth } from "@/lib/domain/roster";
import { RosterDialog } from "./roster-dialog";

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
        description={`One sheet per job of ${name}, with the crew of each shift between these days.`}
      />
    </>
  );
}
