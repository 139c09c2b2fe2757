/** Shared setup and helpers of the auth integration tests (split along their describe blocks). */
import { afterAll, beforeAll } from "vitest";
import speakeasy from "speakeasy";
import { and, count, eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { makeCtx, type Ctx } from "@/lib/services/context";
import { showTotpSetup, enableTotp } from "./otp";

export let handle: DbHandle;
export let db: Db;

export let seq = 0;
/** A distinct address per test, so rate limits of one test never touch another. */
export const uniqueEmail = (tag: string) => `${tag}.${++seq}.${Date.now()}@auth.test`;

/** A signed-out caller (login, browser sign-in) at `now`, optionally from an address. */
export const anon = (extra: { now?: Date; ip?: string } = {}): Ctx => makeCtx(db, null, extra);

export const minutes = (n: number) => n * 60_000;
export const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

export const currentCode = (secret: string) => speakeasy.totp({ secret, encoding: "base32" });
/** The code of the step before now: enabling with it leaves the current code unused. */
export const previousCode = (secret: string) =>
  speakeasy.totp({ secret, encoding: "base32", time: Math.floor(Date.now() / 1000) - 30 });
/** The code 30 s from now, for a second sign-in at that time (a code is accepted once). */
export const nextCode = (secret: string) =>
  speakeasy.totp({ secret, encoding: "base32", time: Math.floor(Date.now() / 1000) + 30 });

/** A six-digit code that is not valid now nor in the neighbouring 30 s steps. */
export function wrongCode(secret: string): string {
  const now = Math.floor(Date.now() / 1000);
  const valid = new Set(
    [-60, -30, 0, 30, 60].map((d) => speakeasy.totp({ secret, encoding: "base32", time: now + d })),
  );
  for (let i = 0; ; i++) {
    const code = String((i * 111_111) % 1_000_000).padStart(6, "0");
    if (!valid.has(code)) return code;
  }
}

export async function activityRows(userId: number, description: string) {
  return db
    .select()
    .from(schema.activityLog)
    .where(
      and(eq(schema.activityLog.causerId, userId), eq(schema.activityLog.description, description)),
    );
}

export async function tokenCount(userId: number) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(schema.apiTokens)
    .where(eq(schema.apiTokens.userId, userId));
  return Number(n);
}

/** A user with two-factor login switched on; returns the base32 secret. */
export async function userWithTotp(tag: string) {
  const user = await createUser(db, { email: uniqueEmail(tag), roles: [ROLE.worker] });
  const ctx = await ctxFor(db, user.id);
  const { code: secret } = await showTotpSetup(ctx);
  await enableTotp(ctx, { otp: previousCode(secret) });
  return { ...user, secret };
}

/** Registers the database hooks of one test file (each file gets its own database). */
export function setUpAuthDatabase() {
  beforeAll(async () => {
    handle = await testDatabase();
    db = handle.db;
  });
  afterAll(async () => {
    await handle?.close();
  });
}
