"use client";

import { Button } from "@/components/ui/button";
import { cancelEmailChangeAction } from "../actions";
import { useSave } from "../use-save";

/**
 * Calls off a change of address still waiting for its confirmation link to be opened. Through
 * useSave, as the form beside it: its toasts and refresh, and no second copy of them in the tab.
 */
export function CancelEmailChange({ userId }: { userId: number }) {
  const { pending, save } = useSave();
  return (
    <Button
      type="button"
      size="sm"
      variant="secondary"
      loading={pending}
      onClick={() => save(() => cancelEmailChangeAction(userId))}
    >
      Cancel the change
    </Button>
  );
}
