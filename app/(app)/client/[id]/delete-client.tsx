"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { deleteClientAction } from "../../clients/actions";

/** Delete a client: one with history is archived (the verb decides and says which). */
export function DeleteClientButton({ id, name }: { id: number; name: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Delete client
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Delete ${name}?`}
        description="A client with jobs, users, venues or rates is archived instead: it leaves the lists and pickers, and its jobs keep it."
        keepLabel="Keep the client"
        confirmLabel="Delete client"
        action={() => deleteClientAction(id)}
        onDone={() => {
          router.push("/clients");
          router.refresh();
        }}
      />
    </>
  );
}
