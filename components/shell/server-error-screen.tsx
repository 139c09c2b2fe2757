"use client";

import { Button } from "@/components/ui/button";
import { StatusScreen } from "./status-screen";

/** The words of the 500 screen (issue 23): plain, and true — a failed verb rolls back its transaction. */
export const SERVER_ERROR_TITLE = "Something went wrong.";
export const SERVER_ERROR_TEXT = "Nothing was saved. Try again, or go back.";

/** Back where the user came from; a page opened directly (no history) goes to the start page. */
function goBack() {
  if (window.history.length > 1) window.history.back();
  // A full load, as the status screen's links: after an error a fresh page is wanted.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  else window.location.assign("/");
}

/**
 * The full-page 500 screen: the app's error boundary and /500 draw the same words and the same
 * two ways on — Try again (the boundary's reset, or a reload) and Go back.
 */
export function ServerErrorScreen({
  retry,
  reference,
}: {
  /** The error boundary's reset; without it (the /500 route) the page reloads. */
  retry?: () => void;
  /** The server's error digest, for a support request. */
  reference?: string;
}) {
  return (
    <StatusScreen
      code="500"
      title={SERVER_ERROR_TITLE}
      home={false}
      action={
        <>
          <Button onClick={() => (retry ? retry() : window.location.reload())}>Try again</Button>
          <Button variant="secondary" onClick={goBack}>
            Go back
          </Button>
        </>
      }
    >
      <p>{SERVER_ERROR_TEXT}</p>
      {reference && <p className="mt-2 text-xs text-gray-600">Reference: {reference}</p>}
    </StatusScreen>
  );
}
