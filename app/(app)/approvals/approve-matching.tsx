"use client";

import { lazy, Suspense, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { notify } from "@/components/ui/toaster";
import type { ApproveMatchingPreview } from "@/lib/services/hours";
import { approveAllMatching, previewMatching, undoMatching } from "./actions";

// The question (Radix dialog) is fetched when first asked, not with the approvals list
// (React.lazy: next/dynamic's loader would itself join the first load).
const ApproveMatchingDialog = lazy(() =>
  import("./approve-matching-dialog").then((m) => ({ default: m.ApproveMatchingDialog })),
);

/**
 * "Approve all that match the plan" (issue 23): asks first, naming how many reports and hours
 * it approves and the rule, with the reports that match but have no check-in listed apart;
 * then says what it did, with an Undo (a real server call, honoured for 10 minutes).
 */
export function ApproveMatching({
  filter,
  disabled,
  onDone,
}: {
  filter: Record<string, string | undefined>;
  disabled: boolean;
  onDone: () => void;
}) {
  const router = useRouter();
  const [preview, setPreview] = useState<ApproveMatchingPreview | null>(null);
  const [pending, startTransition] = useTransition();

  function ask() {
    startTransition(async () => {
      const result = await previewMatching(filter);
      if (!result.ok) return void notify.error(result.message);
      setPreview(result.data);
    });
  }

  function approve(p: ApproveMatchingPreview) {
    startTransition(async () => {
      const result = await approveAllMatching(filter, p.application_ids);
      setPreview(null);
      onDone();
      router.refresh();
      if (!result.ok) return void notify.error(result.message);
      const { approved, failed, undo_activity_id: undo, message } = result.data;
      if (approved.length && undo) notify.undoable(message, () => void runUndo(undo));
      else if (!failed.length) notify.info(message);
      if (failed.length)
        notify.error(
          `${failed.length} ${failed.length === 1 ? "report was" : "reports were"} not approved.`,
          { description: failed.map((f) => f.message).join(" ") },
        );
    });
  }

  async function runUndo(activityId: number) {
    const result = await undoMatching(activityId);
    if (result.ok) notify.success(result.data.message);
    else notify.error(result.message);
    router.refresh();
  }

  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        disabled={disabled || pending}
        loading={pending && preview === null}
        onClick={ask}
      >
        Approve all that match the plan
      </Button>
      {preview && (
        <Suspense fallback={null}>
          <ApproveMatchingDialog
            preview={preview}
            pending={pending}
            onClose={() => setPreview(null)}
            onApprove={() => approve(preview)}
          />
        </Suspense>
      )}
    </>
  );
}
