"use client";

import { lazy, Suspense, type ComponentType } from "react";

type ShiftActions = typeof import("./shift-actions");

/**
 * The shift cards' buttons (answer, check in and out, report hours: one module with its
 * icons, ~3 KB) come after the page instead of with it, which keeps the worker's dashboard
 * within its 150 KB first load (issue 27). The server draws them as before; each works once
 * its code has arrived. React.lazy, not next/dynamic, whose loader would itself join the
 * first load.
 */
function drawnLater<P extends object>(name: string, pick: (m: ShiftActions) => ComponentType<P>) {
  const Action = lazy(() => import("./shift-actions").then((m) => ({ default: pick(m) })));
  function LaterAction(props: P) {
    return (
      <Suspense fallback={null}>
        <Action {...props} />
      </Suspense>
    );
  }
  LaterAction.displayName = name;
  return LaterAction;
}

export const AnswerRequest = drawnLater("AnswerRequest", (m) => m.AnswerRequest);
export const CheckInButton = drawnLater("CheckInButton", (m) => m.CheckInButton);
export const CheckOutButton = drawnLater("CheckOutButton", (m) => m.CheckOutButton);
export const EditHoursButton = drawnLater("EditHoursButton", (m) => m.EditHoursButton);
export const ReportHoursButton = drawnLater("ReportHoursButton", (m) => m.ReportHoursButton);
export const UnapplyButton = drawnLater("UnapplyButton", (m) => m.UnapplyButton);
export const UndoCheckOutButton = drawnLater("UndoCheckOutButton", (m) => m.UndoCheckOutButton);
