"use client";

import { useEffect, useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { fileInputClass } from "@/components/ui/file-input";
import { FieldErrors } from "@/components/ui/form-field";
import { notify } from "@/components/ui/toaster";

const MAX_BYTES = 5 * 1024 * 1024;

/**
 * The profile picture: choose an image, see it, upload it. The server sniffs the bytes and
 * makes the thumbnail (POST /api/v2/users/profilePicture/{id}); its message is shown as is.
 * The card, the avatar, the label and the hint are drawn by the server (picture-card.tsx): only
 * the file input, the preview over the avatar, the errors and the button are client code.
 */
export function AvatarUpload({
  userId,
  inputId,
  hintId,
  avatar,
  label,
  hint,
}: {
  userId: number;
  /** The file input's id, which `label` points at. */
  inputId: string;
  /** The id of `hint`, which the file input is described by. */
  hintId: string;
  /** The current picture (or the initials), drawn by the server. */
  avatar: ReactNode;
  label: ReactNode;
  hint: ReactNode;
}) {
  const router = useRouter();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A new key empties the file input once its picture is uploaded.
  const [inputKey, setInputKey] = useState(0);

  // The preview's object URL is released when it is replaced and when the form goes away.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const choose = (next: File | null) => {
    setError(null);
    setFile(next);
    setPreview(next ? URL.createObjectURL(next) : null);
  };

  const upload = async () => {
    if (!file) return;
    if (file.size > MAX_BYTES) return setError("The file may not be larger than 5 MB.");
    setBusy(true);
    setError(null);
    try {
      const form = new FormData();
      form.append("file", file);
      const res = await fetch(`/api/v2/users/profilePicture/${userId}`, {
        method: "POST",
        body: form,
      });
      const body = (await res.json().catch(() => null)) as {
        data?: { message?: string };
        message?: string;
        errors?: Record<string, string[]>;
      } | null;
      if (!res.ok) {
        const message = body?.errors?.file?.[0] ?? body?.message ?? "Sorry there was an error";
        setError(message);
        notify.error(message);
        return;
      }
      notify.success(body?.data?.message ?? "Data updated successfully!");
      choose(null);
      setInputKey((k) => k + 1);
      router.refresh();
    } catch {
      setError("Sorry there was an error");
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {/* The chosen picture covers the current one until it is uploaded or dropped. */}
      <span className="relative inline-flex shrink-0 self-start sm:self-center">
        {avatar}
        {preview && (
          // eslint-disable-next-line @next/next/no-img-element -- a local preview (object URL)
          <img
            src={preview}
            alt=""
            className="absolute inset-0 size-full rounded-full object-cover"
          />
        )}
      </span>
      <div className="flex min-w-0 flex-col gap-2">
        {label}
        <input
          key={inputKey}
          id={inputId}
          type="file"
          accept="image/*"
          aria-describedby={`${hintId}${error ? ` ${inputId}-error` : ""}`}
          aria-invalid={error ? true : undefined}
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
          className={fileInputClass}
        />
        {hint}
        <FieldErrors id={`${inputId}-error`} messages={error ? [error] : []} />
        <div>
          <Button type="button" onClick={upload} disabled={!file} loading={busy}>
            Upload picture
          </Button>
        </div>
      </div>
    </>
  );
}
