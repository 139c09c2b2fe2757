import { z } from "zod";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { schema, type Tx, sideBySide } from "@/db";
import { hashPassword } from "@/lib/auth/password";
import { newPasswordProblem } from "@/lib/domain/password";
import { ROLE } from "@/lib/domain/permissions";
import { queueMail } from "@/lib/mail";
import { env } from "@/lib/env";
import { randomToken, sha256 } from "@/lib/auth/secret";
import { type Ctx, withTx } from "../context";
import { ValidationError } from "../errors";
import { parseInput, requiredString } from "../validate";
import { requiredPhone } from "../phone";
import { logActivity } from "../activity";
import { languageOptions } from "../languages";
import { accountKey, addressKey, beginAttempt } from "../auth/rate-limit";

/** How long the e-mail verification link of a registration works. */
export const EMAIL_VERIFICATION_HOURS = 48;

export const REGISTERED_MESSAGE =
  "Thank you for signing up! We have sent you an e-mail: follow its link to confirm your address. The agency reviews new profiles and approves yours before you can take shifts.";
export const EMAIL_TAKEN = "The email has already been taken.";
/** The start of a 429's message; "Please try again in N minutes." follows. */
export const TOO_MANY_SIGN_UPS = "Too many sign-ups with this e-mail address.";

const email = requiredString("email")
  .trim()
  .min(1, "The email field is required.")
  .toLowerCase()
  .pipe(z.email({ error: "The email must be a valid email address." }).max(254));

/** `label` is how messages name the field ("last name" for `name`), by default its key. */
const text = (field: string, max: number, label = field.replace(/_/g, " ")) =>
  requiredString(label)
    .trim()
    .min(1, `The ${label} field is required.`)
    .max(max, `The ${label} may not be greater than ${max} characters.`);

const id = (field: string) =>
  z.coerce
    .number({ error: `The ${field.replace(/_/g, " ")} field is required.` })
    .int()
    .positive(`The ${field.replace(/_/g, " ")} field is required.`)
    .max(2_147_483_647, `The selected ${field.replace(/_/g, " ")} is invalid.`);

/**
 * A list of ids as JSON sends it (an array) or as a multipart form can (one field holding
 * "1,2,3", or a JSON array in a string).
 */
const idList = (field: string) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === "") return [];
      if (typeof v === "string") {
        const s = v.trim();
        if (s.startsWith("[")) {
          try {
            return JSON.parse(s);
          } catch {
            return v;
          }
        }
        return s.split(",").map((x) => x.trim());
      }
      return v;
    },
    z
      .array(id(field), { error: `The ${field} must be a list.` })
      .min(1, `Choose at least one of the ${field}.`)
      .max(50, `Choose at most 50 ${field}.`)
      .transform((ids) => [...new Set(ids)]),
  );

/** "1", "true", "on", true, 1 — what forms and JSON send for a ticked box. */
const flag = z.preprocess(
  (v) => v === true || v === 1 || v === "1" || v === "true" || v === "on",
  z.boolean(),
);

export const registerInput = z.object({
  /** Last name (spec §3 User `name`). */
  name: text("name", 100, "last name"),
  first_name: text("first_name", 100),
  email,
  phone: requiredPhone,
  password: requiredString("password")
    .max(200, "The password may not be greater than 200 characters.")
    .superRefine((v, c) => {
      const problem = newPasswordProblem(v);
      if (problem) c.addIssue({ code: "custom", message: problem });
    }),
  country_id: id("country"),
  branch_id: id("branch"),
  skills: idList("skills"),
  languages: idList("languages"),
  invited_by: z.preprocess(
    (v) => (v === "" || v === null || v === "null" ? undefined : v),
    id("invited_by").optional(),
  ),
  issues_invoice: flag.default(false),
  privacy_accepted: flag.refine((v) => v, "You must accept the privacy notice."),
});

export type RegisterInput = z.output<typeof registerInput>;

export const checkEmailInput = z.object({ email });

async function emailTaken(db: Ctx["db"] | Tx, address: string): Promise<boolean> {
  const [row] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, address))
    .limit(1);
  return Boolean(row);
}

/** POST check-email-free: is the e-mail unused (spec §5)? Counted per address and e-mail. */
export async function checkEmailFree(ctx: Ctx, raw: unknown) {
  const input = parseInput(checkEmailInput, raw);
  await beginAttempt(
    ctx.db,
    { address: ctx.ip ? addressKey(ctx.ip) : undefined },
    "check_email",
    ctx.now,
  );
  const free = !(await emailTaken(ctx.db, input.email));
  return { email: input.email, free, message: free ? "The email is free." : EMAIL_TAKEN };
}

/** The reference data the public sign-up form offers: operational countries only. */
export async function signUpOptions(ctx: Ctx) {
  const [countries, branches, skills, languages] = await sideBySide(
    ctx.db,
    () =>
      ctx.db
        .select({ id: schema.countries.id, name: schema.countries.name })
        .from(schema.countries)
        .where(eq(schema.countries.operational, true))
        .orderBy(asc(schema.countries.name)),
    () =>
      ctx.db
        .select({
          id: schema.branches.id,
          name: schema.branches.name,
          country_id: schema.branches.countryId,
        })
        .from(schema.branches)
        .innerJoin(schema.countries, eq(schema.countries.id, schema.branches.countryId))
        .where(and(isNull(schema.branches.deletedAt), eq(schema.countries.operational, true)))
        .orderBy(asc(schema.branches.name)),
    () =>
      ctx.db
        .select({
          id: schema.skills.id,
          name: schema.skills.name,
          parent_id: schema.skills.parentId,
        })
        .from(schema.skills)
        .where(isNull(schema.skills.deletedAt))
        .orderBy(asc(schema.skills.order), asc(schema.skills.name)),
    () => languageOptions(ctx.db),
  );
  return { countries, branches, skills, languages };
}

/** The referrer named by ?invitedBy=: shown on the form (first name only) when it is live. */
export async function inviterName(ctx: Ctx, raw: unknown): Promise<string | null> {
  const parsed = z.coerce.number().int().positive().max(2_147_483_647).safeParse(raw);
  if (!parsed.success) return null;
  const [row] = await ctx.db
    .select({ name: schema.users.name, firstName: schema.users.firstName })
    .from(schema.users)
    .where(
      and(
        eq(schema.users.id, parsed.data),
        isNull(schema.users.deletedAt),
        eq(schema.users.status, "active"),
      ),
    )
    .limit(1);
  return row ? (row.firstName ?? row.name.split(" ")[0]) : null;
}

const invalid = (field: string, message: string) =>
  new ValidationError(message, { [field]: [message] });

/** The ids among `ids` that exist in `table` (live rows): each missing one is a 422. */
async function assertKnown(
  tx: Tx,
  field: string,
  ids: number[],
  query: (ids: number[]) => Promise<{ id: number }[]>,
) {
  const found = new Set((await query(ids)).map((r) => r.id));
  if (ids.some((i) => !found.has(i))) throw invalid(field, `The selected ${field} is invalid.`);
}

/**
 * POST register (multipart) and POST registration (JSON): a freelancer signs up (spec §2).
 * The user is an applicant: Freelancer role, approved=false, active, privacy accepted now.
 * A verification mail is queued in the same transaction. Rate limited per address and per
 * e-mail: every attempt counts (a flood of sign-ups is refused as well as guessing).
 */
export async function register(ctx: Ctx, raw: unknown) {
  const input = parseInput(registerInput, raw);
  await beginAttempt(
    ctx.db,
    { account: accountKey(input.email), address: ctx.ip ? addressKey(ctx.ip) : undefined },
    "register",
    ctx.now,
    { account: TOO_MANY_SIGN_UPS },
  );
  const passwordHash = await hashPassword(input.password);
  const token = randomToken(32);
  const user = await withTx(ctx, async (ctx) => {
    const tx = ctx.db;
    if (await emailTaken(tx, input.email)) throw invalid("email", EMAIL_TAKEN);
    const [country] = await tx
      .select({ id: schema.countries.id })
      .from(schema.countries)
      .where(
        and(eq(schema.countries.id, input.country_id), eq(schema.countries.operational, true)),
      );
    if (!country) throw invalid("country_id", "The selected country is invalid.");
    const [branch] = await tx
      .select({ id: schema.branches.id })
      .from(schema.branches)
      .where(
        and(
          eq(schema.branches.id, input.branch_id),
          eq(schema.branches.countryId, input.country_id),
          isNull(schema.branches.deletedAt),
        ),
      );
    if (!branch) throw invalid("branch_id", "The selected branch is not in the chosen country.");
    await assertKnown(tx, "skills", input.skills, (ids) =>
      tx
        .select({ id: schema.skills.id })
        .from(schema.skills)
        .where(and(inArray(schema.skills.id, ids), isNull(schema.skills.deletedAt))),
    );
    await assertKnown(tx, "languages", input.languages, (ids) =>
      tx
        .select({ id: schema.languages.id })
        .from(schema.languages)
        .where(and(inArray(schema.languages.id, ids), isNull(schema.languages.archivedAt))),
    );
    const [freelancer] = await tx
      .select({ id: schema.roles.id })
      .from(schema.roles)
      .where(eq(schema.roles.title, ROLE.worker));
    if (!freelancer) throw new Error(`The role ${ROLE.worker} is missing.`);
    const inviterId = input.invited_by ? await liveInviter(tx, input.invited_by) : null;

    const [created] = await tx
      .insert(schema.users)
      .values({
        email: input.email,
        name: `${input.first_name} ${input.name}`,
        firstName: input.first_name,
        lastName: input.name,
        phone: input.phone,
        passwordHash,
        status: "active",
        approved: false,
        countryId: input.country_id,
        invitedById: inviterId,
        issuesInvoice: input.issues_invoice,
        privacyAcceptedAt: ctx.now,
        createdAt: ctx.now,
      })
      .onConflictDoNothing()
      .returning({ id: schema.users.id, name: schema.users.name });
    // A parallel registration of the same address won the unique index.
    if (!created) throw invalid("email", EMAIL_TAKEN);
    await tx.insert(schema.userRoles).values({ userId: created.id, roleId: freelancer.id });
    await tx.insert(schema.userBranches).values({ userId: created.id, branchId: branch.id });
    await tx
      .insert(schema.userSkills)
      .values(input.skills.map((skillId) => ({ userId: created.id, skillId, createdAt: ctx.now })));
    await tx
      .insert(schema.userLanguages)
      .values(input.languages.map((languageId) => ({ userId: created.id, languageId })));
    if (inviterId) await recordReferral(tx, inviterId, input.email, created.id, ctx.now);

    await tx.insert(schema.emailVerifications).values({
      userId: created.id,
      tokenHash: sha256(token),
      expiresAt: new Date(ctx.now.getTime() + EMAIL_VERIFICATION_HOURS * 3_600_000),
      createdAt: ctx.now,
    });
    await queueVerificationMail(tx, input.email, input.first_name, token, ctx.now);
    await logActivity(ctx, {
      logName: "users",
      description: "Registered",
      subjectType: "users",
      subjectId: created.id,
      properties: { invited_by: inviterId },
    });
    return created;
  });
  return {
    message: REGISTERED_MESSAGE,
    data: { id: user.id, name: user.name, email: input.email },
  };
}

async function liveInviter(tx: Tx, id: number): Promise<number | null> {
  const [row] = await tx
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(and(eq(schema.users.id, id), isNull(schema.users.deletedAt)));
  return row?.id ?? null;
}

/**
 * The referral: the inviter's open invitation of this address is accepted by the new user;
 * without one (the link was shared on), an accepted invitation row is recorded.
 */
async function recordReferral(
  tx: Tx,
  inviterId: number,
  address: string,
  userId: number,
  now: Date,
) {
  const accepted = await tx
    .update(schema.invitations)
    .set({ acceptedUserId: userId, acceptedAt: now })
    .where(
      and(
        eq(schema.invitations.invitedById, inviterId),
        eq(schema.invitations.email, address),
        isNull(schema.invitations.acceptedUserId),
      ),
    )
    .returning({ id: schema.invitations.id });
  if (accepted.length) return;
  await tx.insert(schema.invitations).values({
    email: address,
    invitedById: inviterId,
    acceptedUserId: userId,
    acceptedAt: now,
    createdAt: now,
  });
}

async function queueVerificationMail(
  tx: Tx,
  to: string,
  firstName: string,
  token: string,
  now: Date,
) {
  const link = `${env.APP_URL}/email/verify/${token}`;
  await queueMail(
    tx,
    {
      to,
      template: "verify_email",
      subject: "Confirm your e-mail address for Crewdeck",
      text: [
        `Hi ${firstName},`,
        "",
        "Thank you for signing up with Crewdeck. Please confirm your e-mail address:",
        link,
        "",
        `The link works once and for ${EMAIL_VERIFICATION_HOURS} hours.`,
        "If you did not sign up, you can ignore this e-mail.",
      ].join("\n"),
    },
    now,
  );
}
