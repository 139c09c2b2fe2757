"use client";

import { lazy, Suspense, useState } from "react";
import { FileSpreadsheet } from "lucide-react";
import { Button } from "@/components/ui/button";
import { thisMonth } from "@/lib/domain/roster";

// The dialog (Radix, the date inputs) is fetched when first opened, not with the client's
// tabs (React.lazy: next/dynamic's loader would itself join the first load).
const RosterDialog = lazy(() =>
  import("./roster-dialog").then((m) => ({ default: m.RosterDialog })),
);

/** /client/{id}: "Download roster" of the company's jobs over a date range (this month first). */
export function ClientRosterButton({ companyId, name }: { companyId: number; name: string }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so it closes as it does.
  const [used, setUsed] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <FileSpreadsheet aria-hidden /> Download roster
      </Button>
      {used && (
        <Suspense fallback={null}>
          <RosterDialog
            open={open}
            onOpenChange={setOpen}
            target={{ client: companyId }}
            initial={thisMonth()}
            description={`One sheet per job of ${name}, with the crew of each shift between these days.`}
          />
        </Suspense>
      )}
    </>
  );
}
