"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { notify } from "@/components/ui/toaster";
import { cancelEmailChangeAction } from "../actions";

/** Calls off a change of address still waiting for its confirmation link to be opened. */
export function CancelEmailChange({ userId }: { userId: number }) {
  const router = useRouter();
  const [busy, start] = useTransition();
  const cancel = () =>
    start(async () => {
      const r = await cancelEmailChangeAction(userId);
      if (!r.ok) return void notify.error(r.message);
      notify.success(r.data.message);
      router.refresh();
    });
  return (
    <Button type="button" size="sm" variant="secondary" loading={busy} onClick={cancel}>
      Cancel the change
    </Button>
  );
}
