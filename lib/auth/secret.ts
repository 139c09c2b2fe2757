import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env, prepareAuthEnv } from "@/lib/env";

let cached: string | undefined;

/**
 * The secret that signs sessions and sign-in tickets: AUTH_SECRET, or in development a
 * random one generated once into the data folder (so sessions survive restarts).
 */
export function getAuthSecret(): string {
  if (cached) return cached;
  if (env.AUTH_SECRET) {
    cached = env.AUTH_SECRET;
  } else if (env.mode === "production") {
    throw new Error("AUTH_SECRET must be set in production (at least 32 random characters).");
  } else {
    const file = path.resolve(env.DATA_DIR, "auth-secret");
    try {
      cached = fs.readFileSync(file, "utf8").trim();
    } catch {
      cached = crypto.randomBytes(48).toString("base64url");
      fs.mkdirSync(path.dirname(file), { recursive: true });
      // wx: if another process won the race, use its secret.
      try {
        fs.writeFileSync(file, cached, { flag: "wx", mode: 0o600 });
      } catch {
        cached = fs.readFileSync(file, "utf8").trim();
      }
    }
  }
  prepareAuthEnv(cached);
  return cached;
}

export const sha256 = (value: string): string =>
  crypto.createHash("sha256").update(value).digest("hex");

export const randomToken = (bytes = 32): string => crypto.randomBytes(bytes).toString("base64url");

/** HMAC-signed, short-lived ticket: carries a finished sign-in step between two requests. */
export function signTicket(
  payload: Record<string, unknown>,
  ttlSeconds: number,
  now: Date,
): string {
  const body = Buffer.from(
    JSON.stringify({
      ...payload,
      jti: randomToken(12),
      exp: Math.floor(now.getTime() / 1000) + ttlSeconds,
    }),
  ).toString("base64url");
  const mac = crypto.createHmac("sha256", getAuthSecret()).update(body).digest("base64url");
  return `${body}.${mac}`;
}

export function readTicket<T extends Record<string, unknown>>(ticket: string, now: Date): T | null {
  const [body, mac] = ticket.split(".");
  if (!body || !mac) return null;
  const expected = crypto.createHmac("sha256", getAuthSecret()).update(body).digest("base64url");
  const a = Buffer.from(mac);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) return null;
  try {
    const data = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as T & { exp: number };
    if (typeof data.exp !== "number" || data.exp * 1000 < now.getTime()) return null;
    return data;
  } catch {
    return null;
  }
}
