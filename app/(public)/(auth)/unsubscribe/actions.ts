"use server";

import { redirect } from "next/navigation";
import { runAction } from "@/lib/http/action";
import { unsubscribe } from "@/lib/services/notifications/unsubscribe";

/** The page's button: turns the link's category off, then shows the page again (now off). */
export async function unsubscribeAction(token: string) {
  await runAction((ctx) => unsubscribe(ctx, token));
  redirect(`/unsubscribe?token=${encodeURIComponent(token)}`);
}
