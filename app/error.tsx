"use client";

import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { StatusScreen } from "@/components/shell/status-screen";
import { clientErrorOf } from "@/lib/http/client-error";

export default function ErrorPage({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  useEffect(() => console.error(error), [error]);
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
  const chunk = /Loading chunk .* failed|ChunkLoadError/i.test(error.message);
  return (
    <StatusScreen
      code="500"
      title={chunk ? "Loading chunk failed" : "Something went wrong"}
      action={
        <Button onClick={() => (chunk ? window.location.reload() : reset())}>Try again</Button>
      }
    >
      <p>
        {chunk
          ? "A new version of Crewdeck may have been released. Reload the page to continue."
          : "Sorry, something went wrong on our side. Nothing you entered was saved twice; try again in a moment."}
      </p>
      {error.digest && <p className="mt-2 text-xs text-gray-500">Reference: {error.digest}</p>}
    </StatusScreen>
  );
}
