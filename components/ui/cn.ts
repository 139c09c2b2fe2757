import { clsx, type ClassValue } from "clsx";
import { extendTailwindMerge } from "tailwind-merge";

// tailwind-merge must know the custom radius tokens of app/globals.css, otherwise
// `rounded-card` and `rounded-lg` would both survive a merge.
const twMerge = extendTailwindMerge({
  extend: { theme: { radius: ["control", "card"] } },
});

/** Join class names conditionally and let later Tailwind classes win over earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
