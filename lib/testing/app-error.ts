import { AppError } from "@/lib/services/errors";

/**
 * The AppError a call rejects with. Fails the test when the call succeeds or rejects with
 * anything that is not an AppError (a raw database error would be a 500 for a user).
 */
export async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  let result: unknown;
  try {
    result = await promise;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error(
    `expected an AppError, but the call succeeded with ${String(JSON.stringify(result)).slice(0, 300)}`,
  );
}
