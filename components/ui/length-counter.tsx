import { lengthCounter } from "@/lib/domain/length-count";
import { cn } from "./cn";

// Apart from form-field.tsx: the chat composer draws only the counter, so the form field's
// module (its controls and icons, ~1.9 KB gzipped) stays out of the live chat's first load.

/**
 * "19,200 / 20,000" under a text control from 80 % of its limit on (nothing below); past the
 * limit it turns red and says so. FormField draws it for its control; a control outside a
 * FormField (the rich-text editor) draws its own.
 */
export function LengthCounter({
  id,
  length,
  max,
  className,
}: {
  id?: string;
  length: number;
  max: number;
  className?: string;
}) {
  const text = lengthCounter(length, max);
  if (!text) return null;
  const over = length > max;
  return (
    <p
      id={id}
      className={cn(
        "self-end text-xs tabular-nums",
        over ? "font-medium text-danger-700" : "text-gray-600",
        className,
      )}
    >
      <span className="sr-only">Characters used: </span>
      {text}
      {over && " · too long"}
    </p>
  );
}
