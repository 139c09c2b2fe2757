"use server";

import { redirect } from "next/navigation";
import { runAction } from "@/lib/http/action";
import { verifyEmail } from "@/lib/services/account/verify-email";

/** Confirms the address; a spent, expired or unknown link lands on /sign-in with a message. */
export async function confirmEmail(token: string) {
  const result = await runAction((ctx) => verifyEmail(ctx, token));
  redirect(result.ok ? "/email/verify/success" : "/sign-in?verification=invalid");
}
