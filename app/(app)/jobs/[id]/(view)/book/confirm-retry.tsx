"use client";

import { NavLink } from "@/components/ui/nav-link";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "@/components/ui/dialog";
import type { ClientPriceGap } from "@/lib/services/applications/rated";

export interface PendingConfirm {
  message: string;
  retry: () => void;
  /** The confirming button: "Book" (spec §8), "Request" for a request, "Move anyway" moving. */
  label?: string;
  /** The skill the client pays nothing for, when the warning names one (a link to the card). */
  clientPrice?: ClientPriceGap;
}

/** The price gap a 410's details carry (`missing_client_price`, or named with another warning). */
export function clientPriceOf(details: Record<string, unknown> | undefined) {
  const gap = details?.client_price as ClientPriceGap | undefined;
  return gap && typeof gap.company_id === "number" ? gap : undefined;
}

/** The client's rate card at the branch that prices the job. */
export const rateCardHref = (gap: ClientPriceGap) =>
  `/client/${gap.company_id}/rates${gap.branch_id ? `?branch=${gap.branch_id}` : ""}`;

/**
 * The 410 answer of spec §8: the server's warning with Book (repeat, overriding) and Cancel.
 * Moving says "Move anyway" instead: the worker is not being booked. A warning about a skill
 * with no client price links to the client's rate card (in a new tab, so the booking stays)
 * for whoever may open it.
 */
export function ConfirmRetry({
  pending,
  busy,
  onCancel,
  canOpenRates = false,
}: {
  pending: PendingConfirm | null;
  busy: boolean;
  onCancel: () => void;
  canOpenRates?: boolean;
}) {
  const label = pending?.label ?? "Book";
  const gap = pending?.clientPrice;
  return (
    <Dialog open={pending !== null} onOpenChange={(open) => !open && onCancel()}>
      {pending && (
        <DialogContent
          title={/anyway$/.test(label) ? `${label}?` : `${label} anyway?`}
          size="sm"
          role="alertdialog"
        >
          <p className="text-sm break-words text-gray-800">{pending.message}</p>
          {gap && (
            <p className="mt-3 text-sm text-gray-800">
              {canOpenRates ? (
                <NavLink
                  href={rateCardHref(gap)}
                  target="_blank"
                  rel="noopener"
                  className="font-medium text-accent-700 underline underline-offset-2 hover:text-accent-800"
                >
                  Add a price for {gap.skill_name} on the rate card of {gap.company_name}
                  <span className="sr-only"> (opens in a new tab)</span>
                </NavLink>
              ) : (
                <>Ask someone who manages rates to add a price for {gap.skill_name}.</>
              )}
            </p>
          )}
          <DialogFooter>
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={pending.retry} disabled={busy}>
              {label}
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
