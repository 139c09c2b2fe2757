/**
 * What a success toast says (issue 23): what happened, to what, in plain words —
 * "Branch Copenhagen created", "Level Senior deleted" — instead of "… successfully". The
 * spec's own quoted texts ("Job created successfully!", "Succesfully applied") are not made
 * here: they stay as the spec words them, where the verbs return them.
 */

/** A name longer than this is cut with "…", so a toast stays a line or two. */
export const DONE_NAME_MAX = 60;

/** The name as a toast shows it: trimmed, one line, at most DONE_NAME_MAX characters. */
export function toastName(name: string | null | undefined): string {
  const one = (name ?? "").replace(/\s+/g, " ").trim();
  return one.length > DONE_NAME_MAX ? `${one.slice(0, DONE_NAME_MAX - 1).trimEnd()}…` : one;
}

/**
 * "<Kind> <name> <verb>": done("Branch", "Copenhagen", "created") → "Branch Copenhagen
 * created". Without a name (the verb does not know it), "Branch created". `kind` may be empty
 * when the name says it all (a person): done("", "Ida Pedersen", "approved").
 */
export function done(kind: string, name: string | null | undefined, verb: string): string {
  return [kind, toastName(name), verb].filter(Boolean).join(" ");
}

/** The text with its first letter a capital, to open a message: "travel cost" → "Travel cost". */
export const upperFirst = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
