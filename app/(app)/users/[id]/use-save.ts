"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { notify } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/http/action";

/**
 * Runs a save action for a profile form: field errors in place, the message in a toast
 * (the server's "Data updated successfully!" on success), then the page data refreshes.
 */
export function useSave() {
  const router = useRouter();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [pending, start] = useTransition();
  const save = <T>(run: () => Promise<ActionResult<T>>, onSaved?: (data: T) => void) =>
    start(async () => {
      const r = await run();
      if (!r.ok) {
        setErrors(r.errors ?? {});
        notify.error(r.message);
        return;
      }
      setErrors({});
      const message = (r.data as { message?: string } | null)?.message;
      notify.success(message ?? "Data updated successfully!");
      onSaved?.(r.data);
      router.refresh();
    });
  return { errors, pending, save };
}
