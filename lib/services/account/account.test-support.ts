/** Shared setup of the account integration tests: reference data for the sign-up form. */
import { and, desc, eq } from "drizzle-orm";
import { schema, type Db } from "@/db";
import { createCountryAndCompany } from "@/lib/testing/fixtures";
import { TEST_PASSWORD } from "@/lib/testing/fixtures";

export interface SignUpWorld {
  countryId: number;
  branchId: number;
  otherCountryBranchId: number;
  skillIds: number[];
  languageIds: number[];
}

let n = 0;

/** A country with a branch, a branch elsewhere, two skills and two languages. */
export async function signUpWorld(db: Db): Promise<SignUpWorld> {
  const tag = `${++n}.${Date.now()}`;
  const { country } = await createCountryAndCompany(db, `Company ${tag}`);
  await db
    .insert(schema.currencies)
    .values({ code: "SEK", name: "Swedish krona", symbol: "kr" })
    .onConflictDoNothing();
  const [sweden] = await db
    .insert(schema.countries)
    .values({
      name: `Sweden ${tag}`,
      isoCode: String.fromCharCode(65 + (n % 26)) + "Z",
      currencyCode: "SEK",
      timeZone: "Europe/Stockholm",
    })
    .onConflictDoNothing()
    .returning();
  const [branch] = await db
    .insert(schema.branches)
    .values({ name: `Copenhagen ${tag}`, countryId: country.id })
    .returning();
  const [other] = await db
    .insert(schema.branches)
    .values({ name: `Stockholm ${tag}`, countryId: sweden?.id ?? country.id })
    .returning();
  const skills = await db
    .insert(schema.skills)
    .values([{ name: `Stagehand ${tag}` }, { name: `Rigger ${tag}` }])
    .returning();
  const languages = await db
    .insert(schema.languages)
    .values([
      { name: `Danish ${tag}`, code: `da${tag}` },
      { name: `English ${tag}`, code: `en${tag}` },
    ])
    .returning();
  return {
    countryId: country.id,
    branchId: branch.id,
    otherCountryBranchId: other.id,
    skillIds: skills.map((s) => s.id),
    languageIds: languages.map((l) => l.id),
  };
}

/** A valid sign-up payload (JSON shape) for `email`. */
export function signUpPayload(w: SignUpWorld, email: string, extra: Record<string, unknown> = {}) {
  return {
    name: "Jensen",
    first_name: "Freja",
    email,
    phone: "+45 20 30 40 50",
    password: TEST_PASSWORD,
    country_id: w.countryId,
    branch_id: w.branchId,
    skills: w.skillIds,
    languages: [w.languageIds[0]],
    privacy_accepted: true,
    ...extra,
  };
}

/** The last mail queued to an address, and the token its link carries after `path`. */
export async function lastMailTo(db: Db, to: string, template: string) {
  const [mail] = await db
    .select()
    .from(schema.mailOutbox)
    .where(and(eq(schema.mailOutbox.to, to), eq(schema.mailOutbox.template, template)))
    .orderBy(desc(schema.mailOutbox.id))
    .limit(1);
  return mail ?? null;
}

export function tokenIn(text: string, path: string): string {
  const m = new RegExp(`${path.replace(/\//g, "\\/")}([A-Za-z0-9_-]+)`).exec(text);
  if (!m) throw new Error(`no ${path} link in mail`);
  return m[1];
}

/** A multipart body as a browser sends it: the text and its content type (with boundary). */
export async function multipart(fields: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  const res = new Response(fd);
  return { rawBody: await res.text(), contentType: res.headers.get("content-type") ?? "" };
}
