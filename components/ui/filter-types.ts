import { displayToIso, isoToDisplay } from "@/lib/domain/time-entry";

/** One control of a list's filter bar; `param` is its query-string key. */
export type FilterField =
  | { kind: "search"; param: string; label: string; placeholder?: string }
  | {
      kind: "select";
      param: string;
      label: string;
      /** The first option, meaning "no filter" (e.g. "All companies"). */
      all: string;
      options: readonly { value: string | number; label: string }[];
      /** Filters that depend on this one (a sub-skill on its skill): cleared when it changes. */
      resets?: readonly string[];
    }
  /** A day, DD/MM/YYYY in the URL (spec §9, as the API takes it) and in the date picker. */
  | { kind: "date"; param: string; label: string }
  /** An on/off filter shown as a chip with a checkbox: `param=1` in the URL when on. */
  | { kind: "toggle"; param: string; label: string };

/** Whether a toggle's URL value means on (the API also takes "true"). */
export const toggleIsOn = (value: string | null) => value === "1" || value === "true";

/** DD/MM/YYYY (the URL and the API) ↔ yyyy-mm-dd (what the date picker takes and gives). */
export const dateToInput = (value: string | null) => displayToIso(value);
export const dateFromInput = (value: string) => isoToDisplay(value);
