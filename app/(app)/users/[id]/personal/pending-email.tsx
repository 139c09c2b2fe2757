import { MailCheck } from "lucide-react";
import { CancelEmailChange } from "./cancel-email-change";

/**
 * A new address waiting for its owner to open the confirmation link: which, since when, that
 * the old one still signs in, and a way to call the change off. Drawn by the server and handed
 * to the form as an element: only its button is client code (README, "First-load JavaScript").
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
  /** When the link was sent, in the viewer's zone. */
  sentAt: string;
  current: string;
  self: boolean;
  canCancel: boolean;
}) {
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
          <CancelEmailChange userId={userId} />
        </div>
      )}
    </div>
  );
}
