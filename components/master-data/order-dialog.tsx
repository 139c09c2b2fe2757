"use client";

import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { SortableList } from "@/components/ui/sortable-list";
import type { ActionResult } from "@/lib/http/action";

/**
 * A dialog holding one drag list (parent skills, a help category's articles): each move is
 * saved at once by `saveAction`, and Done closes it.
 */
export function OrderDialog<T extends { id: number; name: string }>({
  open,
  onOpenChange,
  title,
  noun,
  items,
  label,
  saveAction,
  renderItem = (item) => <span className="font-medium text-gray-900">{item.name}</span>,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What is dragged, in the instructions: "a parent skill", "an article". */
  noun: string;
  items: T[];
  /** The list's name for screen readers. */
  label: string;
  saveAction: (ids: number[]) => Promise<ActionResult<{ message: string }>>;
  renderItem?: (item: T) => ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={title}
        description={`Drag ${noun} by its handle, or focus the handle and use Space and the arrow keys. Each move is saved at once.`}
      >
        <div className="max-h-[60vh] overflow-y-auto">
          <SortableList
            items={items}
            label={label}
            saveAction={saveAction}
            renderItem={renderItem}
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
  );
}
