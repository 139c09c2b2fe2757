"use server";

import { runAction } from "@/lib/http/action";
import { sendInviteMail } from "@/lib/services/invitations";

export async function inviteFriend(email: string) {
  return runAction((ctx) => sendInviteMail(ctx, { email }));
}
