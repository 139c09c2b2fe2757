"use client";

import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import type { SendBackDialogProps } from "./send-back-dialog";

/**
 * The Disapprove dialog is fetched when its button is first pressed: until then a button that
 * looks the same stands in, and the dialog mounts open in its place (as the hours dialog does).
 * React.lazy, not next/dynamic, whose loader would itself join the first load.
 */
const SendBackDialog = lazy(() =>
  import("./send-back-dialog").then((m) => ({ default: m.SendBackDialog })),
);

export function SendBackButton(props: SendBackDialogProps) {
  const [wanted, setWanted] = useState(false);
  if (wanted)
    return (
      <Suspense
        fallback={
          <Button size="sm" variant="secondary" loading aria-hidden tabIndex={-1}>
            Disapprove
          </Button>
        }
      >
        <SendBackDialog {...props} defaultOpen />
      </Suspense>
    );
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={props.disabled}
      aria-haspopup="dialog"
      onClick={() => setWanted(true)}
    >
      Disapprove
    </Button>
  );
}
