"use client";

import { useState, useTransition, type ReactNode } from "react";
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVertical } from "lucide-react";
import type { ActionResult } from "@/lib/http/action";
import { cn } from "./cn";
import { notify } from "./toaster";

export interface SortableItem {
  id: number;
  name: string;
}

/**
 * A list ordered by dragging its rows (mouse, touch, or keyboard: focus a handle, Space to
 * lift, arrows to move, Space to drop), saved at once through `saveAction` with the ids in
 * their new order — the weights of levels, skills and help categories. A failed save puts
 * the rows back and shows the server's message; success shows its message
 * ("Weights set successfully").
 */
export function SortableList<T extends SortableItem>({
  items,
  label,
  saveAction,
  renderItem,
  className,
}: {
  items: T[];
  /** Names the list for screen readers, e.g. "Order of levels". */
  label: string;
  saveAction: (ids: number[]) => Promise<ActionResult<{ message: string }>>;
  /** The row's content beside its handle. */
  renderItem: (item: T) => ReactNode;
  className?: string;
}) {
  const [order, setOrder] = useState(items);
  const [, start] = useTransition();
  // A server refresh (another item added) replaces the local order.
  const [source, setSource] = useState(items);
  if (source !== items) {
    setSource(items);
    setOrder(items);
  }
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const before = order;
    const from = before.findIndex((i) => i.id === active.id);
    const to = before.findIndex((i) => i.id === over.id);
    const next = arrayMove(before, from, to);
    setOrder(next);
    start(async () => {
      const r = await saveAction(next.map((i) => i.id));
      if (!r.ok) {
        setOrder(before);
        notify.error(r.message);
        return;
      }
      notify.success(r.data.message);
    });
  };

  const names = new Map(order.map((i) => [i.id, i.name]));
  const nameOf = (id: unknown) => names.get(Number(id)) ?? "item";
  const position = (id: unknown) => order.findIndex((i) => i.id === Number(id)) + 1;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            "To move an item, press Space. Use the arrow keys to move it, Space to drop it, Escape to cancel.",
        },
        announcements: {
          onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
          onDragOver: ({ active, over }) =>
            over ? `${nameOf(active.id)} is at position ${position(over.id)}.` : undefined,
          onDragEnd: ({ active, over }) =>
            over
              ? `${nameOf(active.id)} dropped at position ${position(over.id)}.`
              : `${nameOf(active.id)} dropped.`,
          onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
        },
      }}
    >
      <SortableContext items={order.map((i) => i.id)} strategy={verticalListSortingStrategy}>
        <ol
          aria-label={label}
          className={cn(
            "divide-y divide-gray-200 rounded-card border border-gray-200 bg-white",
            className,
          )}
        >
          {order.map((item) => (
            <SortableRow key={item.id} item={item}>
              {renderItem(item)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ item, children }: { item: SortableItem; children: ReactNode }) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: item.id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn(
        "flex items-center gap-2 bg-white px-2 py-2",
        isDragging && "relative z-10 drop-shadow-md",
      )}
      data-sortable-id={item.id}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Move ${item.name}`}
        className="inline-flex size-11 shrink-0 cursor-grab touch-none items-center justify-center rounded-control text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-accent-600 sm:pointer-fine:size-9"
      >
        <GripVertical aria-hidden className="size-5" />
      </button>
      {/* A long name wraps inside the row, never past the panel (390 px too). */}
      <div className="min-w-0 flex-1 wrap-anywhere">{children}</div>
    </li>
  );
}
