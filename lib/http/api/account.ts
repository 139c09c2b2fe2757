import { NextResponse } from "next/server";
import { endpoint } from "../endpoint";
import {
  checkEmailFree,
  checkEmailInput,
  register,
  registerInput,
  signUpOptions,
} from "@/lib/services/account/registration";
import { verifyEmail } from "@/lib/services/account/verify-email";
import { reportEmailChange } from "@/lib/services/account/email-change";
import {
  forgotPassword,
  forgotPasswordInput,
  savePassword,
  savePasswordInput,
} from "@/lib/services/account/password-reset";
import {
  changePassword,
  changePasswordInput,
  forgetAllDevices,
  forgetDevice,
  listRememberedDevices,
  listSessions,
  listTokens,
  revokeAllTokens,
  revokeOtherSessions,
  revokeSession,
  revokeToken,
} from "@/lib/services/account/security";
import { z } from "zod";

/** These calls answer `{ message, data? }` (spec §7: register returns message, errors). */
const withMessage = async (result: Promise<object>, status = 200) =>
  NextResponse.json(await result, { status });

export const postRegister = endpoint({
  method: "POST",
  path: "/register",
  summary:
    "Sign up as a freelancer (multipart/form-data; skills and languages as comma-separated ids; issues_invoice defaults to 0). The account awaits the agency's approval",
  tag: "account",
  auth: "public",
  body: registerInput,
  status: 201,
  run: (ctx, { body }) => withMessage(register(ctx, body), 201),
});

export const postRegistration = endpoint({
  method: "POST",
  path: "/registration",
  summary: "Sign up as a freelancer (JSON): the same as POST register",
  tag: "account",
  auth: "public",
  body: registerInput,
  status: 201,
  run: (ctx, { body }) => withMessage(register(ctx, body), 201),
});

export const postCheckEmailFree = endpoint({
  method: "POST",
  path: "/check-email-free",
  summary: "Whether an e-mail address is still free to sign up with",
  tag: "account",
  auth: "public",
  body: checkEmailInput,
  run: (ctx, { body }) => checkEmailFree(ctx, body),
});

export const getSignUpOptions = endpoint({
  method: "GET",
  path: "/sign-up-options",
  summary:
    "The choices of the public sign-up form: operational countries, their branches, skills, languages",
  tag: "account",
  auth: "public",
  run: (ctx) => signUpOptions(ctx),
});

export const postVerifyEmail = endpoint({
  method: "POST",
  path: "/email/verify",
  summary:
    "Confirm an e-mail address with the token of its mail (single use, 48 h): a registration's address, or a change's new address, which then becomes the sign-in (409 email_taken when another account took it meanwhile)",
  tag: "account",
  auth: "public",
  body: z.object({ token: z.string().max(200) }),
  run: async (ctx, { body }) => {
    const r = await verifyEmail(ctx, (body as { token?: unknown } | undefined)?.token);
    return NextResponse.json({
      message: r.changedTo
        ? `Your e-mail address is now ${r.changedTo}. Sign in with it from now on.`
        : "Your e-mail address is verified. You can sign in now.",
    });
  },
});

export const postReportEmailChange = endpoint({
  method: "POST",
  path: "/email/report",
  summary:
    "Report an e-mail change with the token of the notice mailed to the old address (single use, 30 days): the change is cancelled or undone, every session and token ends, and a link to choose a new password goes to the old address",
  tag: "account",
  auth: "public",
  body: z.object({ token: z.string().max(200) }),
  run: (ctx, { body }) =>
    withMessage(reportEmailChange(ctx, (body as { token?: unknown } | undefined)?.token)),
});

export const postForgotPassword = endpoint({
  method: "POST",
  path: "/auth/forgot_password",
  summary:
    "Mail a password reset link (single use, 1 hour); the same answer whether or not the account exists",
  tag: "auth",
  auth: "public",
  body: forgotPasswordInput,
  run: (ctx, { body }) => withMessage(forgotPassword(ctx, body)),
});

export const postForgotPasswordSave = endpoint({
  method: "POST",
  path: "/auth/forgot_password_save",
  summary:
    "Set a new password with the reset token; every session, API token and remembered device of the user ends",
  tag: "auth",
  auth: "public",
  body: savePasswordInput,
  run: (ctx, { body }) => withMessage(savePassword(ctx, body)),
});

export const postChangePassword = endpoint({
  method: "POST",
  path: "/auth/change-password",
  summary:
    "Change one's own password (current password required); ends the other browser sessions and every API token",
  tag: "auth",
  auth: "user",
  body: changePasswordInput,
  run: (ctx, { body }) => withMessage(changePassword(ctx, body)),
});

export const getSessions = endpoint({
  method: "GET",
  path: "/auth/sessions",
  summary: "The caller's live browser sessions (current: the one making the call)",
  tag: "auth",
  auth: "user",
  run: (ctx) => listSessions(ctx),
});

export const deleteSessions = endpoint({
  method: "DELETE",
  path: "/auth/sessions",
  summary: "End every browser session of the caller except the current one",
  tag: "auth",
  auth: "user",
  run: (ctx) => withMessage(revokeOtherSessions(ctx)),
});

export const deleteSession = endpoint<{ id: string }>({
  method: "DELETE",
  path: "/auth/sessions/{id}",
  summary: "End one of the caller's browser sessions (another user's id: 404)",
  tag: "auth",
  auth: "user",
  run: (ctx, { params }) => withMessage(revokeSession(ctx, params.id)),
});

export const getTokens = endpoint({
  method: "GET",
  path: "/auth/tokens",
  summary: "The caller's live API tokens (name, created, last used, expires)",
  tag: "auth",
  auth: "user",
  run: (ctx) => listTokens(ctx),
});

export const deleteTokens = endpoint({
  method: "DELETE",
  path: "/auth/tokens",
  summary: "Revoke every API token of the caller",
  tag: "auth",
  auth: "user",
  run: (ctx) => withMessage(revokeAllTokens(ctx)),
});

export const deleteToken = endpoint<{ id: string }>({
  method: "DELETE",
  path: "/auth/tokens/{id}",
  summary: "Revoke one of the caller's API tokens (another user's id: 404)",
  tag: "auth",
  auth: "user",
  run: (ctx, { params }) => withMessage(revokeToken(ctx, params.id)),
});

export const getRememberedDevices = endpoint({
  method: "GET",
  path: "/auth/remembered-devices",
  summary: "The caller's remembered devices (they skip the two-factor code)",
  tag: "auth",
  auth: "user",
  run: (ctx) => listRememberedDevices(ctx),
});

export const deleteRememberedDevices = endpoint({
  method: "DELETE",
  path: "/auth/remembered-devices",
  summary: "Forget every remembered device of the caller",
  tag: "auth",
  auth: "user",
  run: (ctx) => withMessage(forgetAllDevices(ctx)),
});

export const deleteRememberedDevice = endpoint<{ id: string }>({
  method: "DELETE",
  path: "/auth/remembered-devices/{id}",
  summary: "Forget one of the caller's remembered devices (another user's id: 404)",
  tag: "auth",
  auth: "user",
  run: (ctx, { params }) => withMessage(forgetDevice(ctx, params.id)),
});

export const accountEndpoints = [
  postRegister,
  postRegistration,
  postCheckEmailFree,
  getSignUpOptions,
  postVerifyEmail,
  postReportEmailChange,
  postForgotPassword,
  postForgotPasswordSave,
  postChangePassword,
  getSessions,
  deleteSessions,
  deleteSession,
  getTokens,
  deleteTokens,
  deleteToken,
  getRememberedDevices,
  deleteRememberedDevices,
  deleteRememberedDevice,
];
