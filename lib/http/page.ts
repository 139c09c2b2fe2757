import { notFound, redirect } from "next/navigation";
import { ForbiddenError, NotFoundError } from "@/lib/services/errors";

/**
 * For pages: a record the user may not see is the 404 screen, a verb they may not use sends
 * them to their start page (like the guard); anything else reaches error.tsx.
 */
export async function pageData<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (err) {
    if (err instanceof NotFoundError) notFound();
    if (err instanceof ForbiddenError) redirect("/");
    throw err;
  }
}
