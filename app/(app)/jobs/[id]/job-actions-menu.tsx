"use client";

import type { Ref } from "react";
import { NavLink } from "@/components/ui/nav-link";
import {
  BookmarkPlus,
  Download,
  Ellipsis,
  FileSpreadsheet,
  MessagesSquare,
  NotebookPen,
  Pencil,
  Trash2,
} from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";

export interface JobMenuActions {
  editHref?: string;
  onSaveTemplate?: () => void;
  /** The statuses the job may move to now, with their labels ("Cancel job"). */
  statuses: { value: string; label: string }[];
  onStatus: (to: string) => void;
  /** "Add reason" or "Change reason"; no item without it. */
  reasonLabel?: string;
  onReason?: () => void;
  onDelete?: () => void;
  /** "Download report": the client's job report. */
  onReport?: () => void;
  /** "Download roster": the crew roster (xlsx) of the job's dates. */
  onRoster?: () => void;
  /** "Job chat": the job's group conversation in the live chat. */
  onChat?: () => void;
}

/**
 * On a phone the job header's actions fold into this one ⋯ menu, so the shifts start above
 * the fold; the menu's items open the same dialogs the buttons do on a wider screen. From
 * 640 px the same menu, named "More", holds the rarer actions beside the buttons.
 */
export function JobActionsMenu({
  actions: a,
  label,
  triggerRef,
  onCloseAutoFocus,
}: {
  actions: JobMenuActions;
  /** A visible name for the trigger ("More", beside the header's buttons); without it: ⋯. */
  label?: string;
  triggerRef: Ref<HTMLButtonElement>;
  /** Called when the menu closes; prevent it to keep the focus where an item put it. */
  onCloseAutoFocus: (event: Event) => void;
}) {
  const first = Boolean(a.editHref || a.onSaveTemplate || a.onReport || a.onRoster || a.onChat);
  const last = Boolean(a.onReason || a.onDelete);
  if (!first && !last && a.statuses.length === 0) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {label ? (
          <Button ref={triggerRef} variant="secondary">
            <Ellipsis aria-hidden /> {label}
          </Button>
        ) : (
          <Button
            ref={triggerRef}
            variant="secondary"
            className="min-w-11 px-2.5"
            aria-label="Job actions"
          >
            <Ellipsis aria-hidden />
          </Button>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent onCloseAutoFocus={onCloseAutoFocus}>
        {a.editHref && (
          <DropdownMenuItem asChild>
            <NavLink href={a.editHref}>
              <Pencil aria-hidden /> Edit job
            </NavLink>
          </DropdownMenuItem>
        )}
        {a.onChat && (
          <DropdownMenuItem onSelect={a.onChat}>
            <MessagesSquare aria-hidden /> Job chat
          </DropdownMenuItem>
        )}
        {a.onReport && (
          <DropdownMenuItem onSelect={a.onReport}>
            <Download aria-hidden /> Download report
          </DropdownMenuItem>
        )}
        {a.onRoster && (
          <DropdownMenuItem onSelect={a.onRoster}>
            <FileSpreadsheet aria-hidden /> Download roster
          </DropdownMenuItem>
        )}
        {a.onSaveTemplate && (
          <DropdownMenuItem onSelect={a.onSaveTemplate}>
            <BookmarkPlus aria-hidden /> Save as template
          </DropdownMenuItem>
        )}
        {a.statuses.length > 0 && (
          <>
            {first && <DropdownMenuSeparator />}
            <DropdownMenuGroup>
              <DropdownMenuLabel>Change status</DropdownMenuLabel>
              {a.statuses.map((s) => (
                <DropdownMenuItem
                  key={s.value}
                  tone={s.value === "Cancelled" ? "danger" : "default"}
                  onSelect={() => a.onStatus(s.value)}
                >
                  {s.label}
                </DropdownMenuItem>
              ))}
            </DropdownMenuGroup>
          </>
        )}
        {last && (first || a.statuses.length > 0) && <DropdownMenuSeparator />}
        {a.onReason && a.reasonLabel && (
          <DropdownMenuItem onSelect={a.onReason}>
            <NotebookPen aria-hidden /> {a.reasonLabel}
          </DropdownMenuItem>
        )}
        {a.onDelete && (
          <DropdownMenuItem tone="danger" onSelect={a.onDelete}>
            <Trash2 aria-hidden /> Delete
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
