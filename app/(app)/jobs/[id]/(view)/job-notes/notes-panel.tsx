"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Pin, PinOff } from "lucide-react";
import {
  Badge,
  Button,
  Card,
  CardContent,
  EmptyState,
  FormField,
  Textarea,
  notify,
} from "@/components/ui";
import { formatDateTime } from "@/lib/domain/format";
import type { NoteView } from "@/lib/services/notes";
import { addJobNote, editNote, removeNote, togglePin } from "./actions";

export function NotesPanel({
  jobId,
  notes,
  timeZone,
}: {
  jobId: number;
  notes: NoteView[];
  timeZone: string;
}) {
  const router = useRouter();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: number; text: string } | null>(null);
  const [pending, start] = useTransition();

  const run = (
    fn: () => Promise<{ ok: boolean; message?: string }>,
    success?: string,
    after?: () => void,
  ) =>
    start(async () => {
      const r = await fn();
      if (!r.ok) return void notify.error(r.message ?? "Something went wrong.");
      if (success) notify.success(success);
      after?.();
      router.refresh();
    });

  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardContent>
          <form
            className="flex flex-col gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              if (!text.trim()) return setError("The note field is required.");
              setError(null);
              run(
                () => addJobNote(jobId, text),
                "Note added",
                () => setText(""),
              );
            }}
          >
            <FormField
              label="New note"
              errors={error ? [error] : undefined}
              hint="Visible to everyone who works on this job in the office and to its crew bosses."
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
        <EmptyState
          title="No notes yet"
          hint="Keep what the crew and the office need to know about this job here: access codes, contacts, changes."
        />
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
                          () => editNote(n.id, editing.text),
                          "Note updated",
                          () => setEditing(null),
                        );
                      }}
                    >
                      <FormField label="Note">
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
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => run(() => togglePin(n.id))}
                      disabled={pending}
                    >
                      {n.is_pinned ? <PinOff aria-hidden /> : <Pin aria-hidden />}{" "}
                      {n.is_pinned ? "Unpin" : "Pin"}
                    </Button>
                    {n.can_edit && editing?.id !== n.id && (
                      <>
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => setEditing({ id: n.id, text: n.comment })}
                        >
                          Edit
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => {
                            if (window.confirm("Delete this note?"))
                              run(() => removeNote(n.id), "Note deleted");
                          }}
                        >
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
    </div>
  );
}
