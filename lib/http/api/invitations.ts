import { endpoint } from "../endpoint";
import { inviteInput, sendInviteMail } from "@/lib/services/invitations";

export const sendInvite = endpoint({
  method: "POST",
  path: "/sendinvitemail",
  summary: "Invite a friend: e-mail an invitation to sign up and record the referral",
  tag: "users",
  auth: "user",
  body: inviteInput,
  status: 201,
  run: (ctx, { body }) => sendInviteMail(ctx, body),
});

export const invitationEndpoints = [sendInvite];
