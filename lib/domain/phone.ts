/**
 * The one phone rule (sign-up, the create-user wizard, the profile): what a person types as a
 * phone number — digits with spaces, dashes, dots or brackets between them and an optional
 * leading + — holding 6 to 15 digits (E.164 allows 15). The number is kept as typed, trimmed.
 */
export const PHONE_REQUIRED = "The phone field is required.";
export const PHONE_INVALID = "The phone must be a valid phone number.";

/** Long enough for "+45 (0) 20 30 40 50 ext" spacing, short enough to be a phone number. */
const MAX_CHARS = 30;
const SHAPE = /^\+?[0-9(][0-9 ().-]*[0-9)]$/;

export function isPhoneNumber(value: string): boolean {
  const v = value.trim();
  if (v.length > MAX_CHARS || !SHAPE.test(v)) return false;
  const digits = v.replace(/\D/g, "").length;
  return digits >= 6 && digits <= 15;
}

/**
 * The message for a typed phone, or null when it is fine: one message, never two (a blank
 * required phone is "required", not also "invalid").
 */
export function phoneProblem(value: string, required: boolean): string | null {
  if (value.trim() === "") return required ? PHONE_REQUIRED : null;
  return isPhoneNumber(value) ? null : PHONE_INVALID;
}
