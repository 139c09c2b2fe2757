"use client";

import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { UNAVAILABLE_TEXT, UNAVAILABLE_TITLE } from "@/lib/services/outage/database";
import { StatusScreen } from "./status-screen";

/** Seconds before the screen reloads the page by itself (the outage is usually a restart). */
const RETRY_SECONDS = 10;

/**
 * The "we'll be right back" screen (issue 27): the database went away while this page was being
 * drawn. The proxy answers the same words with status 503 when it sees the outage first.
 */
export function UnavailableScreen() {
  useEffect(() => {
    const t = setTimeout(() => window.location.reload(), RETRY_SECONDS * 1000);
    return () => clearTimeout(t);
  }, []);
  return (
    <StatusScreen
      code="503"
      title={UNAVAILABLE_TITLE}
      home={false}
      action={<Button onClick={() => window.location.reload()}>Try again</Button>}
    >
      <p>{UNAVAILABLE_TEXT}</p>
    </StatusScreen>
  );
}
