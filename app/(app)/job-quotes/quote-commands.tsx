"use client";

import { useState, useTransition } from "react";
import { NavLink } from "@/components/ui/nav-link";
import { useRouter } from "next/navigation";
import { Archive, Briefcase, Download, Eye, Pencil, Send, Trash2, Workflow } from "lucide-react";
import { Button, buttonClass } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog-lazy";
import { notify } from "@/components/ui/toaster";
import { RowMenu, RowMenuItem, RowMenuSeparator } from "@/components/ui/row-menu";
import { quotePdfHref } from "@/components/quotes/quote-status";
import type { ActionResult } from "@/lib/http/action";
import { convertQuoteAction, deleteQuoteAction, sendQuoteAction } from "./actions";

/** What a screen knows of a quote to offer its commands (list row or quote view). */
export interface QuoteCommandTarget {
  id: number;
  number: string;
  company: string;
  /** Draft: deleted; the others: archived. */
  draft: boolean;
  archived: boolean;
  jobId: number | null;
  can: {
    edit: boolean;
    editMakesRevision: boolean;
    send: boolean;
    convert: boolean;
    delete: boolean;
  };
}

type Confirm = "send" | "delete" | "convert" | null;

/**
 * The office's commands on a quote: Download PDF, Send to client, Edit, Convert to job (or
 * Open job), Delete (a Draft) or Archive (the others), each step that changes something behind
 * a confirm dialog. `row`: the list's compact form (Open + a menu); `page`: the quote view's
 * buttons. The verbs decide; `can` only hides what cannot be done.
 */
export function QuoteCommands({
  quote,
  variant,
}: {
  quote: QuoteCommandTarget;
  variant: "row" | "page";
}) {
  const router = useRouter();
  const [busy, start] = useTransition();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const { can } = quote;
  const removeWord = quote.draft ? "Delete" : "Archive";
  const showDelete = can.delete && !quote.archived;

  const run = <T extends { message: string }>(
    action: () => Promise<ActionResult<T>>,
    after?: (data: T) => void,
  ) =>
    start(async () => {
      const r = await action();
      if (!r.ok) return void notify.error(r.message);
      setConfirm(null);
      notify.success(r.data.message);
      if (after) after(r.data);
      else router.refresh();
    });

  const editLabel = can.editMakesRevision ? "Edit (new revision)" : "Edit";
  const dialogs = (
    <Dialog open={confirm !== null} onOpenChange={(open) => !open && setConfirm(null)}>
      <DialogContent
        title={
          confirm === "send"
            ? `Send ${quote.number} to ${quote.company}?`
            : confirm === "convert"
              ? `Make ${quote.number} a job?`
              : `${removeWord} ${quote.number}?`
        }
        description={
          confirm === "send"
            ? `Each client contact of ${quote.company} gets an e-mail with a link to the quote. They can then accept or decline it.`
            : confirm === "convert"
              ? "A draft job is made with the quote's shifts, skills and prices. You can then change it and publish it."
              : quote.draft
                ? "The draft is deleted. This cannot be undone."
                : "The quote is kept but hidden from the list. Show archived quotes to find it again."
        }
      >
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="secondary">
              Cancel
            </Button>
          </DialogClose>
          {confirm === "send" && (
            <Button loading={busy} onClick={() => run(() => sendQuoteAction(quote.id))}>
              Send quote
            </Button>
          )}
          {confirm === "convert" && (
            <Button
              loading={busy}
              onClick={() =>
                run(
                  () => convertQuoteAction(quote.id),
                  (d) => router.push(`/jobs/${d.jobId}/shifts`),
                )
              }
            >
              Make job
            </Button>
          )}
          {confirm === "delete" && (
            <Button
              variant="danger"
              loading={busy}
              onClick={() =>
                run(
                  () => deleteQuoteAction(quote.id),
                  () => {
                    if (variant === "page") router.push("/job-quotes");
                    router.refresh();
                  },
                )
              }
            >
              {removeWord} quote
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );

  if (variant === "row")
    return (
      <div className="flex flex-nowrap items-center justify-end gap-1">
        <RowMenu label={`Actions for ${quote.number}`}>
          <RowMenuItem asChild>
            <NavLink href={`/job-quotes/${quote.id}`}>
              <Eye aria-hidden /> Open
            </NavLink>
          </RowMenuItem>
          <RowMenuItem asChild>
            <a href={quotePdfHref(quote.id)} download>
              <Download aria-hidden /> Download PDF
            </a>
          </RowMenuItem>
          {can.send && (
            <RowMenuItem disabled={busy} onSelect={() => setConfirm("send")}>
              <Send aria-hidden /> Send to client
            </RowMenuItem>
          )}
          {can.edit && (
            <RowMenuItem asChild>
              <NavLink href={`/edit-quote/${quote.id}`}>
                <Pencil aria-hidden /> {editLabel}
              </NavLink>
            </RowMenuItem>
          )}
          {can.convert && (
            <RowMenuItem disabled={busy} onSelect={() => setConfirm("convert")}>
              <Workflow aria-hidden /> Convert to job
            </RowMenuItem>
          )}
          {quote.jobId !== null && (
            <RowMenuItem asChild>
              <NavLink href={`/jobs/${quote.jobId}/shifts`}>
                <Briefcase aria-hidden /> Open job
              </NavLink>
            </RowMenuItem>
          )}
          {showDelete && (
            <>
              <RowMenuSeparator />
              <RowMenuItem tone="danger" disabled={busy} onSelect={() => setConfirm("delete")}>
                {quote.draft ? <Trash2 aria-hidden /> : <Archive aria-hidden />} {removeWord}
              </RowMenuItem>
            </>
          )}
        </RowMenu>
        {dialogs}
      </div>
    );

  return (
    <div className="flex flex-wrap items-center gap-2">
      <a href={quotePdfHref(quote.id)} download className={buttonClass({ variant: "secondary" })}>
        <Download aria-hidden /> Download PDF
      </a>
      {can.edit && (
        <NavLink href={`/edit-quote/${quote.id}`} className={buttonClass({ variant: "secondary" })}>
          <Pencil aria-hidden /> {editLabel}
        </NavLink>
      )}
      {quote.jobId !== null && (
        <NavLink
          href={`/jobs/${quote.jobId}/shifts`}
          className={buttonClass({ variant: "secondary" })}
        >
          <Eye aria-hidden /> Open job
        </NavLink>
      )}
      {showDelete && (
        <Button variant="secondary" disabled={busy} onClick={() => setConfirm("delete")}>
          {quote.draft ? <Trash2 aria-hidden /> : <Archive aria-hidden />} {removeWord}
        </Button>
      )}
      {can.send && (
        <Button disabled={busy} onClick={() => setConfirm("send")}>
          <Send aria-hidden /> Send to client
        </Button>
      )}
      {can.convert && (
        <Button disabled={busy} onClick={() => setConfirm("convert")}>
          <Workflow aria-hidden /> Convert to job
        </Button>
      )}
      {dialogs}
    </div>
  );
}
