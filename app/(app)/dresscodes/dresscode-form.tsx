"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Plus } from "lucide-react";
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  FormField,
  Input,
  Textarea,
  notify,
} from "@/components/ui";
import type { DressCodeView } from "@/lib/services/dresscodes";
import { createDressCodeAction, updateDressCodeAction } from "./actions";

type Errors = Record<string, string[]>;

/**
 * The create/edit form in a dialog. The server is the one place that validates: its field
 * errors show under the fields, its message in an error toast.
 */
export function DressCodeDialog({
  open,
  onOpenChange,
  dressCode,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this one; create a new one when absent. */
  dressCode?: DressCodeView;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={dressCode ? "Edit dress code" : "New dress code"}
        description="The name is shown on jobs and shifts; the description tells crew what to wear."
      >
        {/* Mounted only while open, so each opening starts from the saved values. */}
        {open && <DressCodeForm dressCode={dressCode} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function DressCodeForm({ dressCode, onDone }: { dressCode?: DressCodeView; onDone: () => void }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [name, setName] = useState(dressCode?.name ?? "");
  const [description, setDescription] = useState(dressCode?.description ?? "");
  const [errors, setErrors] = useState<Errors>({});

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        start(async () => {
          const values = { name, description };
          const r = dressCode
            ? await updateDressCodeAction(dressCode.id, values)
            : await createDressCodeAction(values);
          if (!r.ok) {
            setErrors(r.errors ?? {});
            notify.error(r.message);
            return;
          }
          setErrors({});
          notify.success(r.data.message);
          onDone();
          router.refresh();
        });
      }}
    >
      <FormField label="Name" errors={errors.name} required>
        <Input
          name="name"
          value={name}
          maxLength={100}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
        />
      </FormField>
      <FormField
        label="Description"
        hint="Optional. For example: black trousers, white shirt, closed black shoes."
        errors={errors.description}
      >
        <Textarea
          name="description"
          value={description}
          rows={4}
          maxLength={2000}
          onChange={(e) => setDescription(e.target.value)}
        />
      </FormField>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="secondary">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" loading={pending}>
          {dressCode ? "Save changes" : "Create dress code"}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The page's primary action: opens the empty form. */
export function NewDressCodeButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden /> New dress code
      </Button>
      <DressCodeDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
