"use server";

import { runAction } from "@/lib/http/action";
import { readRememberCookie, setRememberCookie } from "@/lib/auth/remember-cookie";
import { beginBrowserSignIn, completeTwoFactor } from "@/lib/services/auth/login";
import { disableTotp, enableTotp } from "@/lib/services/auth/otp";

export async function signInStep(input: { email: string; password: string }) {
  const rememberToken = await readRememberCookie();
  return runAction((ctx) => beginBrowserSignIn(ctx, { ...input, rememberToken }));
}

/** The remember token goes into an httpOnly cookie; the page only gets the ticket. */
export async function twoFactorStep(input: {
  ticket: string;
  otp: string;
  rememberDevice: boolean;
}) {
  return runAction(async (ctx) => {
    const { ticket, rememberToken } = await completeTwoFactor(ctx, input);
    if (rememberToken) await setRememberCookie(rememberToken);
    return { ticket };
  });
}

export async function enableTwoFactor(otp: string) {
  return runAction((ctx) => enableTotp(ctx, { otp }));
}

export async function disableTwoFactor(password: string) {
  return runAction((ctx) => disableTotp(ctx, { password }));
}
