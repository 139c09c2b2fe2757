"use client";

import { lazy, Suspense, type ComponentProps } from "react";

/**
 * The profile's "Manage" menu and its dialogs (Radix menu and dialog), fetched after the page
 * instead of with it: the profile tabs are worker screens too, and a worker never has this
 * menu. Still drawn by the server for the office; it works once its code has arrived.
 * React.lazy, not next/dynamic, whose loader would itself join the first load.
 */
const ManageUserActions = lazy(() =>
  import("./change-status-button").then((m) => ({ default: m.ManageUserActions })),
);

export function LazyManageUserActions(
  props: ComponentProps<typeof import("./change-status-button").ManageUserActions>,
) {
  return (
    <Suspense fallback={null}>
      <ManageUserActions {...props} />
    </Suspense>
  );
}
