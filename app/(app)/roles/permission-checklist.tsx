"use client";

import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FieldErrors } from "@/components/ui/form-field";
import type { PermissionChoiceGroup } from "@/lib/services/roles";

/**
 * The role's permissions as a grouped checklist (work, people, clients, money, insights,
 * settings, then any added for integrations): each permission with the sentence of what it
 * opens, and per group a button selecting or clearing the whole group. One column on a phone,
 * so every box is a full-width touch target.
 */
export function PermissionChecklist({
  groups,
  value,
  onChange,
  errors,
  locked,
}: {
  groups: PermissionChoiceGroup[];
  value: number[];
  onChange: (ids: number[]) => void;
  errors?: string[];
  /** All ticked and disabled (the Administrator). */
  locked?: boolean;
}) {
  const chosen = new Set(value);
  return (
    <div className="flex flex-col gap-5">
      {groups.map((group) => {
        // Permissions the viewer does not hold can be neither added nor taken away by it.
        const ids = group.permissions.filter((p) => p.grantable).map((p) => p.id);
        const shown = group.permissions.map((p) => p.id);
        const all = ids.every((id) => locked || chosen.has(id));
        const count = locked ? shown.length : shown.filter((id) => chosen.has(id)).length;
        return (
          <fieldset key={group.key} className="min-w-0 border-t border-gray-200 pt-1">
            <legend className="float-left py-1.5 text-sm font-semibold text-gray-900">
              {group.label}{" "}
              <span className="font-normal text-gray-600">
                ({count} of {shown.length})
              </span>
            </legend>
            <div className="flex min-h-9 justify-end">
              {!locked && ids.length > 0 && (
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  aria-label={`${all ? "Clear" : "Select"} all in ${group.label}`}
                  onClick={() =>
                    onChange(
                      all
                        ? value.filter((id) => !ids.includes(id))
                        : [...value, ...ids.filter((id) => !chosen.has(id))],
                    )
                  }
                >
                  {all ? "Clear all" : "Select all"}
                </Button>
              )}
            </div>
            <div className="clear-both grid grid-cols-1 gap-x-6 md:grid-cols-2">
              {group.permissions.map((p) => (
                <Checkbox
                  key={p.id}
                  label={
                    <>
                      {p.label} <span className="text-xs text-gray-600">({p.name})</span>
                    </>
                  }
                  hint={
                    locked || p.grantable
                      ? p.opens
                      : `${p.opens} You do not hold this permission, so you cannot give or remove it.`
                  }
                  checked={locked || chosen.has(p.id)}
                  disabled={locked || !p.grantable}
                  onChange={(e) =>
                    onChange(
                      e.target.checked ? [...value, p.id] : value.filter((id) => id !== p.id),
                    )
                  }
                />
              ))}
            </div>
          </fieldset>
        );
      })}
      <FieldErrors messages={errors ?? []} />
    </div>
  );
}
