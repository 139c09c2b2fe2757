"use client";

import { useId, useRef, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/form-field";
import { notify } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/http/action";

type Issued = ActionResult<{ message: string; data: { url: string } }>;
type Done = ActionResult<{ message: string }>;

/**
 * The security tab's calendar feed: turn it on, copy its address, get a new one (the old one
 * stops at once), turn it off. The address is shown once, right after it is made: only its
 * hash is kept.
 */
export function CalendarFeedCard({
  enabled,
  since,
  lastUsed,
  issue,
  disable,
}: {
  enabled: boolean;
  /** "Turned on 20/11/2026 10:00", already in the viewer's zone. */
  since: string | null;
  lastUsed: string | null;
  issue: (input: { intent: "turn_on" | "new_address" }) => Promise<Issued>;
  disable: () => Promise<Done>;
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [url, setUrl] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const make = (intent: "turn_on" | "new_address") =>
    start(async () => {
      const result = await issue({ intent });
      if (result.ok) {
        setUrl(result.data.data.url);
        notify.success(result.data.message);
      } else notify.error(result.message);
      router.refresh();
    });
  const turnOff = () =>
    start(async () => {
      const result = await disable();
      if (result.ok) {
        setUrl(null);
        notify.success(result.data.message);
      } else notify.error(result.message);
      router.refresh();
    });
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      notify.success("Address copied.");
    } catch {
      input.current?.select();
      notify.error("Copying is blocked here: the address is selected, copy it yourself.");
    }
  };

  return (
    <Card data-testid="calendar-feed">
      <CardHeader>
        <CardTitle as="h3">Calendar feed</CardTitle>
        <CardDescription>
          A private address your phone or calendar app subscribes to, with your booked shifts.
          Anyone who has the address can read them: keep it to yourself.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-3">
          {enabled ? <Badge tone="success">On</Badge> : <Badge tone="neutral">Off</Badge>}
          {enabled && (
            <p className="text-sm text-gray-600">
              {since}
              {lastUsed ? ` · last read ${lastUsed}` : " · not read yet"}
            </p>
          )}
        </div>
        {url && (
          <div className="flex flex-col gap-2">
            <label htmlFor={inputId} className="text-sm font-medium text-gray-900">
              Feed address (shown only now)
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                id={inputId}
                ref={input}
                readOnly
                value={url}
                className="min-w-0 flex-1 font-mono text-xs"
                onFocus={(e) => e.currentTarget.select()}
                data-testid="calendar-feed-url"
              />
              <Button type="button" variant="secondary" onClick={copy}>
                Copy address
              </Button>
            </div>
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          {enabled ? (
            <>
              <Button
                type="button"
                variant="secondary"
                loading={pending}
                disabled={pending}
                onClick={() => make("new_address")}
              >
                Get a new address
              </Button>
              <Button type="button" variant="secondary" disabled={pending} onClick={turnOff}>
                Turn calendar feed off
              </Button>
            </>
          ) : (
            <Button
              type="button"
              loading={pending}
              disabled={pending}
              onClick={() => make("turn_on")}
            >
              Turn calendar feed on
            </Button>
          )}
        </div>
        {enabled && (
          <p className="text-sm text-gray-600">
            A new address stops the old one at once: subscribe again with the new one.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
