"use client";

import { X } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { useQueryNavigation } from "@/components/ui/use-query-navigation";
import { deniedMessage } from "@/lib/domain/denied";

/** The notice of ./denied-notice.tsx: the words of lib/domain/denied.ts for `code`. */
export function DeniedMessage({ code }: { code: string }) {
  const { navigate } = useQueryNavigation();
  const message = deniedMessage(code);
  if (!message) return null;
  return (
    <Alert tone="warning" role="status" className="mb-4">
      <div className="flex items-start justify-between gap-3">
        <p>{message} Ask your agency&apos;s administrator if you need it.</p>
        <button
          type="button"
          onClick={() => navigate({ denied: null })}
          className="-my-2 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-control hover:bg-warning-100 sm:pointer-fine:size-9"
        >
          <X aria-hidden className="size-4" />
          <span className="sr-only">Dismiss</span>
        </button>
      </div>
    </Alert>
  );
}
