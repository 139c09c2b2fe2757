import { z } from "zod";

/**
 * The one place that reads process.env (DESIGN.md §9).
 *
 * CREWDECK_ENV decides the operating mode, separately from NODE_ENV (which `next start`
 * always sets to "production"): "development" when DATABASE_URL is unset (embedded PGlite,
 * demo seed on an empty database, generated auth secret, /dev/mail), "production" when it
 * is set (auth secret required, demo seed only when asked).
 */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  CREWDECK_ENV: z.enum(["development", "production"]).optional(),
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default(".data"),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SEED_DEMO: z.enum(["0", "1", "true", "false"]).optional(),
  ABLY_API_KEY: z.string().min(1).optional(),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(1).default("Crewdeck <no-reply@crewdeck.test>"),
  UPLOAD_DIR: z.string().min(1).optional(),
  S3_ENDPOINT: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  PORT: z.coerce.number().int().positive().default(3000),
  /**
   * Proxies in front of the app that append to X-Forwarded-For (a load balancer: 1). 0 trusts
   * no forwarded header: a client could send any address it likes.
   */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Public address of the app, for links in e-mails. */
  APP_URL: z.url().optional(),
});

function blankToUndefined(source: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(source)) out[k] = v === "" ? undefined : v;
  return out;
}

export type Env = z.infer<typeof schema> & { mode: "development" | "production"; APP_URL: string };

function load(): Env {
  const parsed = schema.safeParse(blankToUndefined(process.env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const mode = e.CREWDECK_ENV ?? (e.DATABASE_URL ? "production" : "development");
  return { ...e, mode, APP_URL: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "") };
}

export const env: Env = load();

/** Whether the demo seed may run without being asked explicitly. */
export const seedDemoWanted = (): boolean =>
  env.SEED_DEMO === "1" ||
  env.SEED_DEMO === "true" ||
  (env.SEED_DEMO === undefined && env.mode === "development");

/**
 * next-auth 4 reads a few settings from process.env itself; behind a load balancer it must
 * trust the forwarded host, and on a changing port it must not fall back to localhost:3000.
 */
export function prepareAuthEnv(secret: string): void {
  process.env.NEXTAUTH_SECRET ??= secret;
  process.env.AUTH_TRUST_HOST ??= "true";
}
