"use server";

import { runAction } from "@/lib/http/action";
import { forgotPassword, savePassword } from "@/lib/services/account/password-reset";

export async function requestPasswordReset(input: { email: string }) {
  return runAction((ctx) => forgotPassword(ctx, input));
}

export async function saveNewPassword(input: {
  token: string;
  password: string;
  password_confirmation: string;
}) {
  return runAction((ctx) => savePassword(ctx, input));
}
