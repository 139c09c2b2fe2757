"use client";

import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import type { ReportHoursDialogProps } from "./report-hours-dialog";

/**
 * The hours dialog (Radix, the form) is fetched when its button is first pressed: until then a
 * button that looks the same stands in, and the dialog mounts open in its place. Used by the
 * worker's dashboard and the approvals list, so neither first load carries the dialog.
 * React.lazy, not next/dynamic, whose loader would itself join the first load.
 */
const ReportHoursDialog = lazy(() =>
  import("./report-hours-dialog").then((m) => ({ default: m.ReportHoursDialog })),
);

export function ReportHoursButton(props: ReportHoursDialogProps) {
  const [wanted, setWanted] = useState(false);
  const size = props.triggerSize ?? "md";
  const variant = props.triggerVariant ?? "primary";
  if (wanted)
    return (
      <Suspense
        fallback={
          <Button size={size} variant={variant} loading aria-hidden tabIndex={-1}>
            {props.triggerLabel}
          </Button>
        }
      >
        <ReportHoursDialog {...props} defaultOpen />
      </Suspense>
    );
  return (
    <Button size={size} variant={variant} aria-haspopup="dialog" onClick={() => setWanted(true)}>
      {props.triggerLabel}
    </Button>
  );
}
