"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { notify } from "@/components/ui/toaster";
import { startJobChat } from "../../live-chat/actions";

/** The job header's "Job chat": opens the job's group conversation in the live chat. */
export function useJobChat(jobId: number) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    const r = await startJobChat(jobId);
    if (!r.ok) {
      setBusy(false);
      return void notify.error(r.message);
    }
    router.push(`/live-chat?chat=${r.data.chat_id}`);
  };
  return { busy, open };
}
