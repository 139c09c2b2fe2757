import { z } from "zod";
import { requestCtx } from "@/lib/auth/session";
import type { Ctx } from "@/lib/services/context";
import { AppError, type FieldErrors } from "@/lib/services/errors";
import { fieldErrors } from "@/lib/services/validate";

/** What every server action returns (DESIGN.md §9). */
export type ActionResult<T> =
  | { ok: true; data: T }
  | { ok: false; message: string; type: string; errors?: FieldErrors; status: number };

/**
 * Runs a verb for a server action: builds ctx from the session, and turns the verb's typed
 * errors into a result the form can show (field errors in place, the message in a toast).
 */
export async function runAction<T>(fn: (ctx: Ctx) => Promise<T>): Promise<ActionResult<T>> {
  try {
    const ctx = await requestCtx();
    return { ok: true, data: await fn(ctx) };
  } catch (err) {
    if (err instanceof AppError) {
      return {
        ok: false,
        message: err.message,
        type: err.type,
        errors: err.errors,
        status: err.status,
      };
    }
    if (err instanceof z.ZodError) {
      const errors = fieldErrors(err);
      return {
        ok: false,
        message: Object.values(errors)[0]?.[0] ?? "The given data was invalid.",
        type: "validation_error",
        errors,
        status: 422,
      };
    }
    console.error("[action] unexpected error", err);
    return {
      ok: false,
      message: "Something went wrong on our side. Please try again.",
      type: "server_error",
      status: 500,
    };
  }
}
