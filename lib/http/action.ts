import type { z } from "zod";
import { requestCtx } from "@/lib/auth/session";
import type { Ctx } from "@/lib/services/context";
import type { FieldErrors } from "@/lib/services/errors";
import { assertServiceOpen } from "@/lib/services/settings/agency";
import { toErrorBody } from "./errors";

/** What every server action returns (DESIGN.md §9). */
export type ActionResult<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      message: string;
      type: string;
      errors?: FieldErrors;
      details?: Record<string, unknown>;
      status: number;
    };

function failure(err: unknown): ActionResult<never> {
  const { status, message, type, errors, details } = toErrorBody(err);
  if (status >= 500 && status !== 503) console.error("[action] unexpected error", err);
  return {
    ok: false,
    message,
    type,
    status,
    ...(errors ? { errors } : {}),
    ...(details ? { details } : {}),
  };
}

/**
 * Runs a verb for a server action: builds ctx from the session, and turns any error into a
 * result the form can show (field errors in place, the message in a toast) through the same
 * mapping as the REST API, so a duplicate is a 409 here as it is there.
 */
export async function runAction<T>(fn: (ctx: Ctx) => Promise<T>): Promise<ActionResult<T>> {
  try {
    const ctx = await requestCtx();
    await assertServiceOpen(ctx);
    return { ok: true, data: await fn(ctx) };
  } catch (err) {
    return failure(err);
  }
}

/**
 * A server action's input checked at the boundary with the verb's own zod schema (an action
 * is a public POST: its arguments are whatever the caller sent), before the session or the
 * database is touched; a bad value is the same 422 with field errors the API gives. The verb
 * still receives the input as sent and parses it itself, as it does for the REST API, so a
 * schema that transforms is never parsed twice over its own output.
 *
 * Not for a verb that looks at the caller before it reads its input (issue 27): that verb is
 * called through `runAction` with the input as sent, so a caller without access is refused
 * (403/404) whatever it sent, as on the REST API, instead of learning which fields were wrong.
 */
export async function runParsed<S extends z.ZodType, T>(
  schema: S,
  input: z.input<S>,
  fn: (ctx: Ctx, input: z.input<S>) => Promise<T>,
): Promise<ActionResult<T>> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) return failure(parsed.error);
  return runAction((ctx) => fn(ctx, input));
}
