"use server";

import { revalidatePath } from "next/cache";
import { runAction } from "@/lib/http/action";
import { unsubscribe } from "@/lib/services/notifications/unsubscribe";

/**
 * The page's button: turns the link's category off, then the page reads again (now "You are
 * unsubscribed", or "This link does not work" if the account went meanwhile). A bad token
 * answers a failed result like every action.
 */
export async function unsubscribeAction(token: unknown) {
  const result = await runAction((ctx) => unsubscribe(ctx, token));
  revalidatePath("/unsubscribe");
  return result;
}
