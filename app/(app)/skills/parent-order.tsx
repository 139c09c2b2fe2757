"use client";

import { useState } from "react";
import { ArrowUpDown } from "lucide-react";
import { Button, Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui";
import { SortableList } from "@/components/ui/sortable-list";
import { saveSkillWeightsAction } from "./actions";

/**
 * "Order parent skills": every parent skill in one list (the screen pages them), ordered by
 * dragging and saved at once. The job form's skill picker shows its groups in this order.
 */
export function ParentOrderButton({ parents }: { parents: { id: number; name: string }[] }) {
  const [open, setOpen] = useState(false);
  if (parents.length < 2) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <ArrowUpDown aria-hidden /> Order parent skills
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title="Order parent skills"
          description="Drag a parent skill by its handle, or focus the handle and use Space and the arrow keys. Each move is saved at once."
        >
          <div className="max-h-[60vh] overflow-y-auto">
            <SortableList
              items={parents}
              label="Order of the parent skills"
              saveAction={saveSkillWeightsAction}
              renderItem={(p) => <span className="font-medium text-gray-900">{p.name}</span>}
            />
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                Done
              </Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
