import { z } from "zod";
import { NAME_MAX, atMostChars, tooLongMessage } from "@/lib/domain/text-limits";
import { idSchema } from "./params";

/**
 * Form fields the record forms share (clients, venues): the same words for the same mistakes
 * on every screen and in the API's 422s.
 */

/** A blank form value ("" or null) is a value not given. */
export const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/** Optional text: trimmed, blank becomes null (clears the field). */
export const clearableText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || null : v),
    z.string().max(max, atMostChars(max)).nullable().optional(),
  );

/** A record's name: trimmed, required, at most NAME_MAX characters. */
export const recordName = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : v),
  z
    .string({ error: "The name field is required." })
    .min(1, "The name field is required.")
    .max(NAME_MAX, tooLongMessage("name", NAME_MAX)),
);

/** The country a record belongs to: required. */
export const requiredCountryId = z.preprocess(
  blankToUndefined,
  z
    .any()
    .refine((v) => v !== undefined, "The country field is required.")
    .pipe(idSchema),
);

/** An id that may be cleared: null or "" is none. */
export const clearableId = z.preprocess(
  (v) => (v === "" ? null : v),
  z.union([z.null(), idSchema]).optional(),
);
