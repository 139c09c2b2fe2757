"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
// Fetched when first opened: the Radix dialog stays out of every client tab's first load.
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog-lazy";
import { notify } from "@/components/ui/toaster";
import { deleteClientAction } from "../../clients/actions";

/** Delete a client: one with history is archived (the verb decides and says which). */
export function DeleteClientButton({ id, name }: { id: number; name: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, start] = useTransition();
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Delete client
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title={`Delete ${name}?`}
          description="A client with jobs, users, venues or rates is archived instead: it leaves the lists and pickers, and its jobs keep it."
        >
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                Keep the client
              </Button>
            </DialogClose>
            <Button
              variant="danger"
              loading={pending}
              onClick={() =>
                start(async () => {
                  const r = await deleteClientAction(id);
                  if (!r.ok) return void notify.error(r.message);
                  setOpen(false);
                  notify.success(r.data.message);
                  router.push("/clients");
                  router.refresh();
                })
              }
            >
              Delete client
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
