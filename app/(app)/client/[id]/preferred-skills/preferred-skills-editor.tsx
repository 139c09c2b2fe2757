"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import { notify } from "@/components/ui/toaster";
import { SortableList } from "@/components/ui/sortable-list";
import { savePreferredSkillsAction } from "../../../clients/actions";

interface Skill {
  id: number;
  name: string;
}

/** Add, remove and drag to order; every change is saved at once. */
export function PreferredSkillsEditor({
  companyId,
  chosen,
  skills,
}: {
  companyId: number;
  chosen: Skill[];
  skills: Skill[];
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [adding, setAdding] = useState("");
  const free = skills.filter((s) => !chosen.some((c) => c.id === s.id));

  const save = (ids: number[], after?: () => void) =>
    start(async () => {
      const r = await savePreferredSkillsAction(companyId, ids);
      if (!r.ok) return void notify.error(r.message);
      notify.success(r.data.message);
      after?.();
      router.refresh();
    });

  return (
    <div className="flex flex-col gap-4">
      {chosen.length ? (
        <SortableList
          items={chosen}
          label="Order of preferred skills"
          saveAction={(ids) => savePreferredSkillsAction(companyId, ids)}
          renderItem={(skill) => (
            <span className="flex min-w-0 flex-1 items-center justify-between gap-2">
              <span className="font-medium break-words">{skill.name}</span>
              <Button
                size="sm"
                variant="ghost"
                disabled={pending}
                aria-label={`Remove ${skill.name}`}
                onClick={() => save(chosen.filter((c) => c.id !== skill.id).map((c) => c.id))}
              >
                <X aria-hidden /> Remove
              </Button>
            </span>
          )}
        />
      ) : (
        <p className="text-sm text-gray-600">No preferred skills yet. Add the first one below.</p>
      )}
      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          if (!adding) return;
          save([...chosen.map((c) => c.id), Number(adding)], () => setAdding(""));
        }}
      >
        <FormField label="Add a skill" className="min-w-0 flex-1">
          <Select
            value={adding}
            onChange={(e) => setAdding(e.target.value)}
            placeholder="Choose a skill"
          >
            {free.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Select>
        </FormField>
        <Button type="submit" variant="secondary" loading={pending} disabled={!adding}>
          Add skill
        </Button>
      </form>
    </div>
  );
}
