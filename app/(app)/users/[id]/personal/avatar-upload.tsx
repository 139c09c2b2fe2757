"use client";

import { useEffect, useId, useState } from "react";
import { useRouter } from "next/navigation";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { FieldErrors } from "@/components/ui/form-field";
import { notify } from "@/components/ui/toaster";

const MAX_BYTES = 5 * 1024 * 1024;

/**
 * The profile picture: choose an image, see it, upload it. The server sniffs the bytes and
 * makes the thumbnail (POST /api/v2/users/profilePicture/{id}); its message is shown as is.
 */
export function AvatarUpload({
  userId,
  name,
  src,
}: {
  userId: number;
  name: string;
  src: string | null;
}) {
  const router = useRouter();
  const inputId = useId();
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
    <Card>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Avatar name={name} src={preview ?? src} alt="" size="lg" />
        <div className="flex min-w-0 flex-col gap-2">
          <label htmlFor={inputId} className="text-sm font-medium text-gray-900">
            Profile picture
          </label>
          <input
            key={inputKey}
            id={inputId}
            type="file"
            accept="image/*"
            aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ""}`}
            aria-invalid={error ? true : undefined}
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
            className="max-w-full text-sm text-gray-700 file:mr-3 file:min-h-11 file:rounded-control file:border file:border-gray-400 file:bg-white file:px-3 file:text-sm file:font-medium file:text-gray-900 hover:file:bg-gray-50 sm:file:min-h-10"
          />
          <p id={`${inputId}-hint`} className="text-sm text-gray-600">
            JPEG, PNG or WebP, at most 5 MB. It is cut to a square.
          </p>
          <FieldErrors id={`${inputId}-error`} messages={error ? [error] : []} />
          <div>
            <Button type="button" onClick={upload} disabled={!file} loading={busy}>
              Upload picture
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
