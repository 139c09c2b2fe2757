"use server";

import type { z } from "zod";
import { runParsed } from "@/lib/http/action";
import { inviteInput, sendInviteMail } from "@/lib/services/invitations";

type Invite = z.input<typeof inviteInput>;

export async function inviteFriend(email: Invite["email"]) {
  return runParsed(inviteInput, { email }, sendInviteMail);
}
