import { z } from "zod";
import { ValidationError, type FieldErrors } from "./errors";

/** zod issues → `{ field: [messages] }` keyed by the dotted path ("shifts.0.start"). */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "_";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** Parses a verb's input; bad input becomes a 422 with messages per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error);
  const first = Object.values(errors)[0]?.[0] ?? "The given data was invalid.";
  throw new ValidationError(first, errors);
}

/** A required string field with the messages callers expect for missing and wrong types. */
export const requiredString = (field: string) =>
  z.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? `The ${field} field is required.`
        : `The ${field} must be a string.`,
  });
