"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { NavLink } from "@/components/ui/nav-link";
import { Phone, UserMinus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import type { OnCallRow } from "@/lib/services/on-call";
import { removeOnCallAction } from "./actions";

const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, "")}`;

/** The workers on call: cards with a one-tap call, their skills and branch, and Remove. */
export function OnCallList({ items, addedOn }: { items: OnCallRow[]; addedOn: string[] }) {
  const router = useRouter();
  const [target, setTarget] = useState<OnCallRow | null>(null);
  const [open, setOpen] = useState(false);

  if (items.length === 0)
    return (
      <EmptyState
        title="Nobody is on call"
        hint="Add the workers who can come in at short notice with “Add a worker” above."
      />
    );

  return (
    <>
      <ul aria-label="Workers on call" className="grid gap-3 md:grid-cols-2">
        {items.map((w, i) => (
          <li
            key={w.user_id}
            className="flex flex-col gap-3 rounded-card border border-gray-200 bg-white p-4 shadow-sm"
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <NavLink
                  href={`/users/${w.user_id}/personal`}
                  className="font-medium break-words text-accent-700 hover:underline"
                >
                  {w.name}
                </NavLink>
                <p className="text-sm text-gray-700">
                  {w.skills.length ? w.skills.join(", ") : "No skills yet"}
                  {w.branches.length > 0 && <> · {w.branches.map((b) => b.name).join(", ")}</>}
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${w.name} from the on-call list`}
                onClick={() => {
                  setTarget(w);
                  setOpen(true);
                }}
              >
                <UserMinus aria-hidden /> Remove
              </Button>
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2">
              {w.phone ? (
                <a
                  href={telHref(w.phone)}
                  className="inline-flex min-h-11 items-center gap-2 rounded-control border border-gray-300 px-3 text-sm font-medium text-accent-700 hover:bg-gray-50"
                >
                  <Phone className="size-4" aria-hidden /> Call {w.phone}
                </a>
              ) : (
                <span className="text-sm text-gray-600">No phone number</span>
              )}
              <span className="text-xs text-gray-600">
                Added {w.added_by ? `by ${w.added_by.name} ` : ""}on {addedOn[i]}
              </span>
            </div>
          </li>
        ))}
      </ul>
      {target && (
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title={`Remove ${target.name} from the on-call list?`}
          description="They stay a worker; you can add them again at any time."
          size="sm"
          keepLabel="Cancel"
          confirmLabel="Remove"
          action={() => removeOnCallAction(target.user_id)}
          onDone={() => router.refresh()}
        />
      )}
    </>
  );
}
