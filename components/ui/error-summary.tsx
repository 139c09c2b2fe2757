import { Alert } from "./alert";

/** One line of an error summary: the message, linking to the field it belongs to. */
export interface ErrorSummaryItem {
  /** The id of the field's control (or of its fieldset). */
  target: string;
  message: string;
}

/**
 * The errors of a refused form in one list above it, each a link to its field, so nothing
 * that needs fixing hides further down the page. Shown with the messages in place.
 */
export function ErrorSummary({ items }: { items: readonly ErrorSummaryItem[] }) {
  if (items.length === 0) return null;
  const title =
    items.length === 1 ? "One field needs fixing" : `${items.length} fields need fixing`;
  return (
    <Alert tone="error" title={title}>
      <ul className="flex list-disc flex-col gap-1 pl-5">
        {items.map((item) => (
          <li key={`${item.target}-${item.message}`}>
            <a href={`#${item.target}`} className="underline underline-offset-2">
              {item.message}
            </a>
          </li>
        ))}
      </ul>
    </Alert>
  );
}

/**
 * Moves the focus to the first field marked invalid inside `root` (a control with
 * aria-invalid, or a group marked data-invalid), scrolled to the middle of the screen so its
 * label shows too. Returns whether there was one.
 */
export function focusFirstError(root: HTMLElement | null): boolean {
  const field = root?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid]');
  if (!field) return false;
  const control = field.matches("input, select, textarea")
    ? field
    : (field.querySelector<HTMLElement>("input, select, textarea, button") ?? field);
  control.focus({ preventScroll: true });
  const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  field.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
  return true;
}
