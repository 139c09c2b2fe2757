"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Pin, PinOff } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { FormField, Textarea } from "@/components/ui/form-field";
import { notify } from "@/components/ui/toaster";
import { formatDateTime } from "@/lib/domain/format";
import type { ActionResult } from "@/lib/http/action";
import type { NoteView } from "@/lib/services/notes";
import { NOTE_MAX } from "@/lib/domain/text-limits";

type Act = () => Promise<ActionResult<unknown>>;

/**
 * Notes on a record (a job, a person): add, edit and delete one's own, and pin when the
 * record's notes can be pinned. The actions arrive bound to the record by the page.
 */
export function NotesPanel({
  notes,
  timeZone,
  formHint,
  emptyHint,
  deleteHint,
  add,
  edit,
  remove,
  pin,
  refusal = null,
}: {
  notes: NoteView[];
  timeZone: string;
  formHint: string;
  emptyHint: string;
  deleteHint: string;
  add: (comment: string) => Promise<ActionResult<unknown>>;
  edit: (noteId: number, comment: string) => Promise<ActionResult<unknown>>;
  remove: (noteId: number) => Promise<ActionResult<unknown>>;
  pin?: (noteId: number) => Promise<ActionResult<unknown>>;
  /** Why the viewer may not write notes here (the rule of who may manage whom); null: it may. */
  refusal?: string | null;
}) {
  const router = useRouter();
  const [text, setText] = useState("");
  const [errors, setErrors] = useState<string[] | undefined>();
  const [editing, setEditing] = useState<{ id: number; text: string } | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [pending, start] = useTransition();

  const run = (act: Act, success?: string, after?: () => void) =>
    start(async () => {
      const r = await act();
      if (!r.ok) {
        setErrors(r.errors?.comment ?? r.errors?.note);
        return void notify.error(r.message);
      }
      setErrors(undefined);
      if (success) notify.success(success);
      after?.();
      router.refresh();
    });

  return (
    <div className="flex flex-col gap-4">
      {refusal ? (
        <Alert>{refusal}</Alert>
      ) : (
        <Card>
          <CardContent>
            <form
              className="flex flex-col gap-3"
              onSubmit={(e) => {
                e.preventDefault();
                if (!text.trim()) return setErrors(["The note field is required."]);
                run(
                  () => add(text),
                  "Note added",
                  () => setText(""),
                );
              }}
            >
              <FormField label="New note" errors={errors} hint={formHint}>
                <Textarea
                  rows={3}
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  maxLength={NOTE_MAX}
                />
              </FormField>
              <div>
                <Button type="submit" loading={pending}>
                  Add note
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
      )}
      {notes.length === 0 ? (
        <EmptyState title="No notes yet" hint={emptyHint} />
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Notes">
          {notes.map((n) => (
            <li key={n.id}>
              <Card className={n.is_pinned ? "border-accent-300" : undefined}>
                <CardContent className="flex flex-col gap-2">
                  <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-gray-600">
                    <span>
                      {n.author?.name ?? "Someone"} ·{" "}
                      {formatDateTime(new Date(n.created_at), timeZone)}
                      {n.updated_at !== n.created_at && " · edited"}
                    </span>
                    {n.is_pinned && <Badge tone="accent">Pinned</Badge>}
                  </div>
                  {editing?.id === n.id ? (
                    <form
                      className="flex flex-col gap-2"
                      onSubmit={(e) => {
                        e.preventDefault();
                        run(
                          () => edit(n.id, editing.text),
                          "Note updated",
                          () => setEditing(null),
                        );
                      }}
                    >
                      <FormField label="Edit note">
                        <Textarea
                          rows={3}
                          value={editing.text}
                          onChange={(e) => setEditing({ id: n.id, text: e.target.value })}
                          maxLength={NOTE_MAX}
                        />
                      </FormField>
                      <div className="flex gap-2">
                        <Button type="submit" size="sm" loading={pending}>
                          Save
                        </Button>
                        <Button
                          type="button"
                          size="sm"
                          variant="secondary"
                          onClick={() => setEditing(null)}
                        >
                          Cancel
                        </Button>
                      </div>
                    </form>
                  ) : (
                    <p className="whitespace-pre-line text-gray-900">{n.comment}</p>
                  )}
                  <div className="flex flex-wrap gap-1">
                    {pin && (
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => run(() => pin(n.id))}
                        disabled={pending}
                      >
                        {n.is_pinned ? <PinOff aria-hidden /> : <Pin aria-hidden />}{" "}
                        {n.is_pinned ? "Unpin" : "Pin"}
                      </Button>
                    )}
                    {n.can_edit && editing?.id !== n.id && (
                      <>
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => setEditing({ id: n.id, text: n.comment })}
                        >
                          Edit
                        </Button>
                        <Button size="sm" variant="ghost" onClick={() => setDeleting(n.id)}>
                          Delete
                        </Button>
                      </>
                    )}
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {deleting !== null && (
        <Dialog open onOpenChange={(open) => !open && setDeleting(null)}>
          <DialogContent title="Delete this note?" description={deleteHint} size="sm">
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="secondary">Keep it</Button>
              </DialogClose>
              <Button
                variant="danger"
                loading={pending}
                onClick={() =>
                  run(
                    () => remove(deleting),
                    "Note deleted",
                    () => setDeleting(null),
                  )
                }
              >
                Delete note
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      )}
    </div>
  );
}
