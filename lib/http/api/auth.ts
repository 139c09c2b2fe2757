import { endpoint } from "../endpoint";
import { login, loginInput, logout, refresh, refreshInput, rules } from "@/lib/services/auth/login";
import {
  showTotpSetup,
  disableTotp,
  disableTotpInput,
  enableTotp,
  enableTotpInput,
} from "@/lib/services/auth/otp";

export const authLogin = endpoint({
  method: "POST",
  path: "/auth/login",
  summary:
    "Sign in with e-mail and password (and the second factor when it is on); returns a bearer token",
  tag: "auth",
  auth: "public",
  body: loginInput,
  run: (ctx, { body }) => login(ctx, body),
});

export const authLogout = endpoint({
  method: "POST",
  path: "/auth/logout",
  summary: "Revoke the bearer token used for this call",
  tag: "auth",
  auth: "user",
  run: (ctx, { tokenId }) => logout(ctx, tokenId),
});

export const authRefresh = endpoint({
  method: "POST",
  path: "/auth/refresh",
  summary:
    "Replace the bearer token with a fresh one; with fetchUser the user and rules come along",
  tag: "auth",
  auth: "user",
  body: refreshInput,
  run: (ctx, { tokenId, body }) => refresh(ctx, tokenId, body),
});

export const getRules = endpoint({
  method: "GET",
  path: "/rules",
  summary: "The permission strings (rules) the signed-in user holds",
  tag: "auth",
  auth: "user",
  run: async (ctx) => rules(ctx),
});

export const getOtp = endpoint({
  method: "GET",
  path: "/otp",
  summary:
    "Two-factor set-up: QR image (data URL) and the code to type in by hand. A read: asked again (another tab) it shows the same code until POST otp confirms it; 409 when already on",
  tag: "auth",
  auth: "user",
  run: (ctx) => showTotpSetup(ctx),
});

export const postOtp = endpoint({
  method: "POST",
  path: "/otp",
  summary:
    "Turn two-factor login on with a code from the authenticator app for the code GET otp shows (422 invalid_otp when it does not match)",
  tag: "auth",
  auth: "user",
  body: enableTotpInput,
  run: (ctx, { body }) => enableTotp(ctx, body),
});

export const postOtpDisable = endpoint({
  method: "POST",
  path: "/otp/disable",
  summary: "Turn two-factor login off (needs the password)",
  tag: "auth",
  auth: "user",
  body: disableTotpInput,
  run: (ctx, { body }) => disableTotp(ctx, body),
});

export const authEndpoints = [
  authLogin,
  authLogout,
  authRefresh,
  getRules,
  getOtp,
  postOtp,
  postOtpDisable,
];
