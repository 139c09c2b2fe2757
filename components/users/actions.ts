"use server";

import { runAction } from "@/lib/http/action";
import {
  changeUserStatus,
  deleteUser,
  endSessionsOf,
  sendPasswordLinkTo,
  turnOffTwoFactorOf,
} from "@/lib/services/users";

/** The office's status and delete actions on a user: the list's row menu and the profile. */
export async function changeUserStatusAction(
  id: number,
  status: "active" | "deactivated",
  confirm = false,
) {
  return runAction((ctx) => changeUserStatus(ctx, id, { status, confirm }));
}

export async function deleteUserAction(id: number, confirm = false) {
  return runAction((ctx) => deleteUser(ctx, id, { confirm }));
}

export async function endSessionsAction(id: number) {
  return runAction((ctx) => endSessionsOf(ctx, id));
}

export async function sendPasswordLinkAction(id: number) {
  return runAction((ctx) => sendPasswordLinkTo(ctx, id));
}

export async function turnOffTwoFactorAction(id: number) {
  return runAction((ctx) => turnOffTwoFactorOf(ctx, id));
}
