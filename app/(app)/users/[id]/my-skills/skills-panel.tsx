"use client";

import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { FormField, Input } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import type { UserSkillView } from "@/lib/services/users/skills";
import { saveExperience, saveSkills } from "../actions";
import { CheckList } from "@/components/ui/check-list";
import { useSave } from "../use-save";

type Option = { id: number; name: string };

export function SkillsPanel({
  userId,
  data,
  options,
  refusal,
}: {
  userId: number;
  /**
   * Why the viewer may not change these, drawn by the server (`Alert`: its four tone icons
   * stay out of the tab's first load); absent when it may.
   */
  refusal?: ReactNode;
  data: {
    skills: UserSkillView[];
    can: { edit: boolean; set_level: boolean; reason: string | null };
  };
  options: { skills: (Option & { parent_id: number | null })[]; levels: Option[] };
}) {
  const [chosen, setChosen] = useState(data.skills.map((s) => s.id));
  const list = useSave();
  const parents = options.skills.filter((s) => s.parent_id === null);
  const groups = parents
    .map((p) => ({ parent: p, subs: options.skills.filter((s) => s.parent_id === p.id) }))
    .filter((g) => g.subs.length > 0);

  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardHeader>
          <CardTitle>Experience per skill</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {refusal}
          {!data.can.set_level && !data.can.reason && (
            <p className="text-sm text-gray-600">
              You can change your skills and your years of experience. The level of each skill is
              set by the office.
            </p>
          )}
          {data.skills.length === 0 ? (
            <EmptyState title="No skills yet" hint="Choose the skills below and save them." />
          ) : (
            <ul className="flex flex-col divide-y divide-gray-100">
              {data.skills.map((s) => (
                <SkillRow
                  key={`${s.id}-${s.experience}-${s.level?.id}`}
                  userId={userId}
                  skill={s}
                  levels={options.levels}
                  canEdit={data.can.edit}
                  canSetLevel={data.can.set_level}
                />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      {data.can.edit && (
        <Card>
          <CardHeader>
            <CardTitle>Skills</CardTitle>
          </CardHeader>
          <CardContent>
            <form
              className="flex flex-col gap-4"
              onSubmit={(e) => {
                e.preventDefault();
                list.save(() => saveSkills(userId, chosen));
              }}
            >
              {groups.map((g) => (
                <CheckList
                  key={g.parent.id}
                  legend={g.parent.name}
                  options={g.subs}
                  value={chosen}
                  onChange={setChosen}
                />
              ))}
              {list.errors.skills && (
                <p className="text-sm text-danger-700">{list.errors.skills[0]}</p>
              )}
              <div>
                <Button type="submit" loading={list.pending}>
                  Save skills
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
      )}
    </div>
  );
}

function SkillRow({
  userId,
  skill,
  levels,
  canEdit,
  canSetLevel,
}: {
  userId: number;
  skill: UserSkillView;
  levels: Option[];
  canEdit: boolean;
  canSetLevel: boolean;
}) {
  const [years, setYears] = useState(skill.experience === null ? "" : String(skill.experience));
  const [level, setLevel] = useState(skill.level ? String(skill.level.id) : "");
  const { errors, pending, save } = useSave();
  const title = skill.parent ? `${skill.parent.name} · ${skill.name}` : skill.name;
  return (
    <li className="py-3">
      <form
        className="grid grid-cols-1 items-end gap-3 sm:grid-cols-[1fr_9rem_12rem_auto]"
        onSubmit={(e) => {
          e.preventDefault();
          save(() =>
            saveExperience(userId, {
              skill_id: skill.id,
              experience: years === "" ? 0 : years,
              ...(canSetLevel && { level_id: level || null }),
            }),
          );
        }}
      >
        <p className="font-medium text-gray-900 sm:self-center">{title}</p>
        <FormField label={`Years of experience (${skill.name})`} errors={errors.experience}>
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={70}
            value={years}
            onChange={(e) => setYears(e.target.value)}
            readOnly={!canEdit}
          />
        </FormField>
        {canSetLevel ? (
          <FormField label={`Level (${skill.name})`} errors={errors.level_id}>
            <Select value={level} onChange={(e) => setLevel(e.target.value)} placeholder="No level">
              {levels.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </Select>
          </FormField>
        ) : (
          <p className="text-sm text-gray-700 sm:self-center">
            Level: {skill.level?.name ?? "not set yet"}
          </p>
        )}
        {canEdit && (
          <Button type="submit" variant="secondary" loading={pending}>
            Save
          </Button>
        )}
      </form>
    </li>
  );
}
