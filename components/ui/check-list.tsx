import { Checkbox } from "./checkbox";
import { FieldErrors } from "./form-field";

/**
 * Who holds the ticked ids: the form's state (`value` and `onChange`), or the boxes themselves
 * (`name` and `defaultValue`: each box sends its id under `name`, read from the form's data on
 * submit). The second needs no client code, so a server page can draw the list into a client
 * form (the personal tab's languages and branches) and keep it out of the first load.
 */
type Ticked =
  | { value: number[]; onChange: (ids: number[]) => void; name?: never; defaultValue?: never }
  | { name: string; defaultValue: number[]; value?: never; onChange?: never };

/** A group of checkboxes for a list of ids (languages, branches, venues, roles). */
export function CheckList({
  legend,
  options,
  errors,
  disabled,
  hint,
  ...ticked
}: {
  legend: string;
  options: { id: number; name: string }[];
  errors?: string[];
  disabled?: boolean;
  hint?: string;
} & Ticked) {
  const box = (id: number) =>
    ticked.onChange
      ? {
          checked: ticked.value.includes(id),
          onChange: (e: { target: { checked: boolean } }) =>
            ticked.onChange(
              e.target.checked ? [...ticked.value, id] : ticked.value.filter((v) => v !== id),
            ),
        }
      : { name: ticked.name, value: id, defaultChecked: ticked.defaultValue.includes(id) };
  return (
    <fieldset className="flex min-w-0 flex-col gap-1">
      <legend className="text-sm font-medium text-gray-900">{legend}</legend>
      {hint && <p className="text-sm text-gray-600">{hint}</p>}
      {options.length === 0 ? (
        <p className="text-sm text-gray-600">Nothing to choose from yet.</p>
      ) : (
        <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
          {options.map((o) => (
            <Checkbox key={o.id} label={o.name} disabled={disabled} {...box(o.id)} />
          ))}
        </div>
      )}
      <FieldErrors messages={errors ?? []} />
    </fieldset>
  );
}
