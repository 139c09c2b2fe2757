"use client";

import { useState } from "react";
import { ArrowUpDown } from "lucide-react";
import { Button } from "@/components/ui/button";
import { OrderDialog } from "@/components/master-data/order-dialog";
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
      <OrderDialog
        open={open}
        onOpenChange={setOpen}
        title="Order parent skills"
        noun="a parent skill"
        items={parents}
        label="Order of the parent skills"
        saveAction={saveSkillWeightsAction}
      />
    </>
  );
}
