"use server";

import { runAction } from "@/lib/http/action";
import { beginBrowserSignIn, completeTwoFactor } from "@/lib/services/auth/login";
import { disableTotp, enableTotp } from "@/lib/services/auth/otp";

export async function signInStep(input: {
  email: string;
  password: string;
  rememberToken: string | null;
}) {
  return runAction((ctx) => beginBrowserSignIn(ctx, input));
}

export async function twoFactorStep(input: {
  ticket: string;
  otp: string;
  rememberDevice: boolean;
}) {
  return runAction((ctx) => completeTwoFactor(ctx, input));
}

export async function enableTwoFactor(otp: string) {
  return runAction((ctx) => enableTotp(ctx, { otp }));
}

export async function disableTwoFactor(password: string) {
  return runAction((ctx) => disableTotp(ctx, { password }));
}
