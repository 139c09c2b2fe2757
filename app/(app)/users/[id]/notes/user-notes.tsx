"use client";

import { useState } from "react";
import {
  Button,
  Card,
  CardContent,
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  EmptyState,
  FormField,
  Textarea,
} from "@/components/ui";
import { formatDateTime } from "@/lib/domain/format";
import type { NoteView } from "@/lib/services/notes";
import { addUserNote, editUserNote, removeUserNote } from "../actions";
import { useSave } from "../use-save";

/** Notes the office keeps on a person (never shown to the person itself). */
export function UserNotes({ userId, notes }: { userId: number; notes: NoteView[] }) {
  const [text, setText] = useState("");
  const [editing, setEditing] = useState<{ id: number; text: string } | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const { errors, pending, save } = useSave();
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardContent>
          <form
            className="flex flex-col gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              save(
                async () => {
                  const r = await addUserNote(userId, text);
                  return r.ok ? { ...r, data: { message: "Note added" } } : r;
                },
                () => setText(""),
              );
            }}
          >
            <FormField
              label="New note"
              errors={errors.comment}
              hint="Seen by the office only, never by this person."
            >
              <Textarea
                rows={3}
                value={text}
                onChange={(e) => setText(e.target.value)}
                maxLength={5000}
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
      {notes.length === 0 ? (
        <EmptyState title="No notes yet" hint="Add the first note about this person above." />
      ) : (
        <ul className="flex flex-col gap-3">
          {notes.map((n) => (
            <li key={n.id}>
              <Card>
                <CardContent className="flex flex-col gap-2">
                  <p className="text-sm text-gray-600">
                    {n.author?.name ?? "Someone"} ·{" "}
                    {formatDateTime(new Date(n.created_at), "Europe/Copenhagen")}
                  </p>
                  {editing?.id === n.id ? (
                    <form
                      className="flex flex-col gap-2"
                      onSubmit={(e) => {
                        e.preventDefault();
                        save(
                          () => editUserNote(n.id, editing.text),
                          () => setEditing(null),
                        );
                      }}
                    >
                      <FormField label="Edit note">
                        <Textarea
                          rows={3}
                          value={editing.text}
                          onChange={(e) => setEditing({ id: n.id, text: e.target.value })}
                          maxLength={5000}
                        />
                      </FormField>
                      <div className="flex gap-2">
                        <Button type="submit" size="sm" loading={pending}>
                          Save
                        </Button>
                        <Button
                          type="button"
                          size="sm"
                          variant="ghost"
                          onClick={() => setEditing(null)}
                        >
                          Cancel
                        </Button>
                      </div>
                    </form>
                  ) : (
                    <p className="whitespace-pre-wrap text-gray-900">{n.comment}</p>
                  )}
                  {n.can_edit && editing?.id !== n.id && (
                    <div className="flex gap-2">
                      <Button
                        type="button"
                        size="sm"
                        variant="secondary"
                        onClick={() => setEditing({ id: n.id, text: n.comment })}
                      >
                        Edit
                      </Button>
                      <Button
                        type="button"
                        size="sm"
                        variant="ghost"
                        onClick={() => setDeleting(n.id)}
                      >
                        Delete
                      </Button>
                    </div>
                  )}
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {deleting !== null && (
        <Dialog open onOpenChange={(open) => !open && setDeleting(null)}>
          <DialogContent
            title="Delete this note?"
            description="The note is removed for everyone in the office."
            size="sm"
          >
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="secondary">Keep it</Button>
              </DialogClose>
              <Button
                variant="danger"
                loading={pending}
                onClick={() =>
                  save(
                    async () => {
                      const r = await removeUserNote(deleting);
                      return r.ok ? { ...r, data: { message: "Note deleted" } } : r;
                    },
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
