/** Spec §8: what the sign-up screen shows when registration fails. */
export const REGISTRATION_FAILED = "Sorry there was an error";

/**
 * The message of a failed registration (spec §8): the last server validation message — of the
 * last field named in `errors`, its second message when it has several — or "Sorry there was
 * an error" when the answer carries no validation messages. A refusal for too many attempts
 * (429) keeps its own message, so the user learns to wait rather than to retry.
 */
export function registrationFailureMessage(body: unknown, status?: number): string {
  const b = (body && typeof body === "object" ? body : {}) as {
    message?: unknown;
    errors?: unknown;
  };
  if (status === 429 && typeof b.message === "string" && b.message) return b.message;
  if (!b.errors || typeof b.errors !== "object") return REGISTRATION_FAILED;
  const lists = Object.values(b.errors as Record<string, unknown>).filter(
    (v): v is string[] => Array.isArray(v) && v.some((m) => typeof m === "string" && m),
  );
  const last = lists[lists.length - 1];
  if (!last) return REGISTRATION_FAILED;
  const messages = last.filter((m) => typeof m === "string" && m);
  return (messages.length > 1 ? messages[1] : messages[0]) ?? REGISTRATION_FAILED;
}
