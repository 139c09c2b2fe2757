"use server";

import { redirect } from "next/navigation";
import { runAction } from "@/lib/http/action";
import { reportEmailChange } from "@/lib/services/account/email-change";
import { verifyEmail } from "@/lib/services/account/verify-email";

/**
 * Confirms the address: a registration's goes on to /sign-in, a change's to /email/changed.
 * A spent, expired or unknown link lands on /sign-in with a message; a new address another
 * account took meanwhile on /email/changed with that message.
 */
export async function confirmEmail(token: string) {
  const result = await runAction((ctx) => verifyEmail(ctx, token));
  if (result.ok) redirect(result.data.changedTo ? "/email/changed" : "/email/verify/success");
  redirect(
    result.type === "email_taken" ? "/email/changed?taken=true" : "/sign-in?verification=invalid",
  );
}

/** The old address reports a change it did not want (lib/services/account/email-change.ts). */
export async function reportChange(token: string) {
  const result = await runAction((ctx) => reportEmailChange(ctx, token));
  redirect(result.ok ? "/email/reported" : "/email/reported?invalid=true");
}
