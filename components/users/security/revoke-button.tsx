"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { notify } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/http/action";

/** One row's revoke / forget button: calls its action, toasts the answer, reloads the list. */
export function RevokeButton({
  id,
  label,
  srLabel,
  run,
}: {
  id: number;
  label: string;
  /** What the button acts on, for screen readers ("Chrome on Windows, started 24/11/2026"). */
  srLabel: string;
  run: (id: number) => Promise<ActionResult<{ message: string }>>;
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  return (
    <Button
      type="button"
      variant="secondary"
      size="sm"
      loading={pending}
      disabled={pending}
      onClick={() =>
        start(async () => {
          const result = await run(id);
          if (result.ok) notify.success(result.data.message);
          else notify.error(result.message);
          router.refresh();
        })
      }
    >
      {label}
      <span className="sr-only"> {srLabel}</span>
    </Button>
  );
}
