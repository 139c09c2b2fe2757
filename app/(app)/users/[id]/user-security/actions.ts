"use server";

import { runAction } from "@/lib/http/action";
import {
  changePassword,
  forgetDevice,
  revokeSession,
  revokeToken,
} from "@/lib/services/account/security";

export async function changePasswordAction(input: {
  current_password: string;
  password: string;
  password_confirmation: string;
}) {
  return runAction((ctx) => changePassword(ctx, input));
}

export async function revokeSessionAction(id: number) {
  return runAction((ctx) => revokeSession(ctx, id));
}

export async function revokeTokenAction(id: number) {
  return runAction((ctx) => revokeToken(ctx, id));
}

export async function forgetDeviceAction(id: number) {
  return runAction((ctx) => forgetDevice(ctx, id));
}
