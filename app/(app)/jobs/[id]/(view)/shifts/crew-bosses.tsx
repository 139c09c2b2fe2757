"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { notify } from "@/components/ui/toaster";
import { dropCrewBoss, makeCrewBoss } from "./actions";

interface Person {
  id: number;
  name: string;
}

/** Crew bosses of one shift: chosen from the people booked on it. */
export function CrewBosses({
  shiftId,
  bosses,
  crew,
  canEdit,
}: {
  shiftId: number;
  bosses: Person[];
  crew: Person[];
  canEdit: boolean;
}) {
  const router = useRouter();
  const [pick, setPick] = useState("");
  const [pending, start] = useTransition();
  const candidates = crew.filter((c) => !bosses.some((b) => b.id === c.id));
  const run = (
    fn: () => Promise<{ ok: true; data: { message: string } } | { ok: false; message: string }>,
  ) =>
    start(async () => {
      const r = await fn();
      if (!r.ok) return void notify.error(r.message);
      notify.success(r.data.message);
      setPick("");
      router.refresh();
    });

  if (!canEdit && bosses.length === 0) return null;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
      <span className="text-gray-700">Crew boss:</span>
      {bosses.length === 0 && <span className="text-gray-500">none</span>}
      {bosses.map((b) => (
        <span
          key={b.id}
          className="inline-flex items-center gap-1 rounded-full bg-accent-50 py-0.5 pr-1 pl-3 text-accent-800"
        >
          {b.name}
          {canEdit && (
            <button
              type="button"
              className="-my-3 -mr-1 grid size-11 place-items-center rounded-full hover:bg-accent-100 sm:pointer-fine:m-0 sm:pointer-fine:size-6"
              onClick={() => run(() => dropCrewBoss(shiftId, b.id))}
              disabled={pending}
              aria-label={`Remove ${b.name} as crew boss`}
            >
              <X className="size-3.5" aria-hidden />
            </button>
          )}
        </span>
      ))}
      {canEdit &&
        (candidates.length ? (
          <span className="inline-flex items-center gap-2">
            <label htmlFor={`boss-${shiftId}`} className="sr-only">
              Choose a crew boss
            </label>
            <Select
              id={`boss-${shiftId}`}
              value={pick}
              onChange={(e) => setPick(e.target.value)}
              className="w-48 sm:pointer-fine:h-9"
            >
              <option value="">Add crew boss…</option>
              {candidates.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
            <Button
              type="button"
              size="sm"
              variant="secondary"
              disabled={!pick}
              loading={pending}
              onClick={() => run(() => makeCrewBoss(shiftId, Number(pick)))}
            >
              Add
            </Button>
          </span>
        ) : (
          bosses.length === 0 && (
            <span className="text-gray-500">(book crew on this shift to choose one)</span>
          )
        ))}
    </div>
  );
}
