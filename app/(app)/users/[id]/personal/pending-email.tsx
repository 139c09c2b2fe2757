"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { MailCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { notify } from "@/components/ui/toaster";
import { cancelEmailChangeAction } from "../actions";

/**
 * A new address waiting for its owner to open the confirmation link: which, since when, that
 * the old one still signs in, and a way to call the change off.
 */
export function PendingEmail({
  userId,
  email,
  sentAt,
  current,
  self,
  canCancel,
}: {
  userId: number;
  email: string;
  /**
   * When the link was sent, written by the server in the viewer's zone: both renders agree,
   * and the formatting helpers stay out of the tab's first load.
   */
  sentAt: string;
  current: string;
  self: boolean;
  canCancel: boolean;
}) {
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
    <div className="flex flex-col gap-2 rounded-control border border-warning-200 bg-warning-50 p-3 text-sm text-gray-800">
      <p className="flex items-start gap-2">
        <MailCheck className="mt-0.5 size-4 shrink-0 text-warning-700" aria-hidden />
        <span>
          Waiting for confirmation: <strong className="break-all">{email}</strong> (link sent{" "}
          {sentAt}). Until it is opened, {self ? "you sign" : "they sign"} in with{" "}
          <span className="break-all">{current}</span>.
        </span>
      </p>
      {canCancel && (
        <div>
          <Button type="button" size="sm" variant="secondary" loading={busy} onClick={cancel}>
            Cancel the change
          </Button>
        </div>
      )}
    </div>
  );
}
