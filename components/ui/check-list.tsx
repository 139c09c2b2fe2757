import { Checkbox } from "./checkbox";
import { FieldErrors } from "./form-field";

/** A group of checkboxes for a list of ids (languages, branches, venues, roles). */
export function CheckList({
  legend,
  options,
  value,
  onChange,
  errors,
  disabled,
  hint,
}: {
  legend: string;
  options: { id: number; name: string }[];
  value: number[];
  onChange: (ids: number[]) => void;
  errors?: string[];
  disabled?: boolean;
  hint?: string;
}) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-1">
      <legend className="text-sm font-medium text-gray-900">{legend}</legend>
      {hint && <p className="text-sm text-gray-600">{hint}</p>}
      {options.length === 0 ? (
        <p className="text-sm text-gray-600">Nothing to choose from yet.</p>
      ) : (
        <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
          {options.map((o) => (
            <Checkbox
              key={o.id}
              label={o.name}
              checked={value.includes(o.id)}
              disabled={disabled}
              onChange={(e) =>
                onChange(e.target.checked ? [...value, o.id] : value.filter((v) => v !== o.id))
              }
            />
          ))}
        </div>
      )}
      <FieldErrors messages={errors ?? []} />
    </fieldset>
  );
}
