"use client";

import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { ServerErrorScreen } from "@/components/shell/server-error-screen";
import { StatusScreen } from "@/components/shell/status-screen";
import { UnavailableScreen } from "@/components/shell/unavailable-screen";
import { clientErrorOf, isUnavailableDigest } from "@/lib/http/client-error";

export default function ErrorPage({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  useEffect(() => console.error(error), [error]);
  // The database went away while the page was drawn (issue 27): "we'll be right back".
  if (isUnavailableDigest(error.digest)) return <UnavailableScreen />;
  // A conflict or bad value the page met (the same mapping as the API): its code and message.
  const client = clientErrorOf(error.digest);
  if (client)
    return (
      <StatusScreen
        code={String(client.status)}
        title="This page could not be shown"
        action={<Button onClick={() => reset()}>Try again</Button>}
      >
        <p>{client.message}</p>
      </StatusScreen>
    );
  if (/Loading chunk .* failed|ChunkLoadError/i.test(error.message))
    return (
      <StatusScreen
        code="500"
        title="Loading chunk failed"
        action={<Button onClick={() => window.location.reload()}>Try again</Button>}
      >
        <p>A new version of Crewdeck may have been released. Reload the page to continue.</p>
      </StatusScreen>
    );
  return <ServerErrorScreen retry={reset} reference={error.digest} />;
}
