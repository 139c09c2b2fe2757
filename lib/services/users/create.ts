import { and, asc, eq, inArray, isNull, ne } from "drizzle-orm";
import { z } from "zod";
import { schema, type DbOrTx, sideBySide } from "@/db";
import { hashPassword } from "@/lib/auth/password";
import { randomToken } from "@/lib/auth/secret";
import { sendWelcomeLink } from "../account/password-reset";
import { ROLE } from "@/lib/domain/permissions";
import {
  STEP_TITLES,
  stepFields,
  stepsFor,
  WIZARD_STEPS,
  wizardKind,
  type WizardStep,
} from "@/lib/domain/user-wizard";
import { logActivity } from "../activity";
import { requirePermission, requireUser, withTx, type Ctx, type UserActor } from "../context";
import { ConflictError, ForbiddenError, ValidationError } from "../errors";
import { flag, idSchema, optionalId } from "../params";
import { parseInput } from "../validate";
import { grantVerdict, rolesWithPermissions } from "./manage";
import { createUserSchema, stepInput, stepSchema } from "./schemas";

export const USER_CREATED = "User created successfully!";
export const EMAIL_TAKEN = "The email has already been taken.";

export interface RoleChoice {
  id: number;
  title: string;
  description: string | null;
}

/**
 * The kinds of user an actor may create: a client contact (when a custom role lets it create
 * users) only its own kind. Which roles it may give is the grant rule (lib/domain/manage.ts):
 * the Administrator role only an administrator, any other only with permissions it holds.
 */
function mayCreate(actor: UserActor, title: string): boolean {
  if (actor.isAdmin) return true;
  if (actor.isClient) return title === ROLE.client;
  return true;
}

/** GET userCreate/possible-roles: the roles this actor may give a new user, by title. */
export async function possibleRoles(ctx: Ctx): Promise<RoleChoice[]> {
  requirePermission(ctx, "user_create");
  const actor = requireUser(ctx);
  const [roles, descriptions] = await sideBySide(
    ctx.db,
    () => rolesWithPermissions(ctx.db),
    () =>
      ctx.db
        .select({ id: schema.roles.id, description: schema.roles.description })
        .from(schema.roles),
  );
  const described = new Map(descriptions.map((d) => [d.id, d.description]));
  return roles
    .filter((r) => mayCreate(actor, r.title) && grantVerdict(actor, r).allowed)
    .map((r) => ({ id: r.id, title: r.title, description: described.get(r.id) ?? null }))
    .sort((a, b) => a.title.localeCompare(b.title));
}

/**
 * The role chosen in the wizard (by id, or by title for outside callers), if the actor may
 * give it. `lock` (inside createUser's transaction) holds the role row against an edit that
 * would widen it before the new user holds it.
 */
async function chosenRole(ctx: Ctx, role: string | number, lock = false) {
  const actor = requireUser(ctx);
  const byId = typeof role === "number" || /^\d{1,9}$/.test(role);
  const q = ctx.db
    .select({ id: schema.roles.id, title: schema.roles.title })
    .from(schema.roles)
    .where(byId ? eq(schema.roles.id, Number(role)) : eq(schema.roles.title, String(role)));
  const [row] = await (lock ? q.for("share") : q);
  if (!row)
    throw new ValidationError("The selected role is invalid.", {
      role_id: ["The selected role is invalid."],
    });
  if (!mayCreate(actor, row.title))
    throw new ForbiddenError(`You may not create a user with the role ${row.title}.`);
  const [withPermissions] = await rolesWithPermissions(ctx.db, [row.id]);
  const verdict = grantVerdict(actor, withPermissions);
  if (!verdict.allowed) throw new ForbiddenError(verdict.reason, "grant_refused");
  return { ...row, kind: wizardKind(row.title) };
}

export const fieldsInput = z.object({
  role: z.union([idSchema, z.string().trim().min(1).max(100)], "The role is required."),
  step: z
    .union(
      [z.enum(WIZARD_STEPS), z.coerce.number().int().min(1).max(WIZARD_STEPS.length)],
      "The step must be a step name or number.",
    )
    .optional(),
  payment: flag,
  link: flag,
});

/**
 * GET userCreate/fields?role=&step=&payment=&link=: the steps of the wizard for the role and
 * the fields of one step (a step name, or its number from 1; `payment=1` for a Danish bank,
 * `link=1` when a password link is to be e-mailed instead of a password).
 * Without a step, every step with its fields.
 */
export async function wizardFields(ctx: Ctx, raw: unknown) {
  requirePermission(ctx, "user_create");
  const input = parseInput(fieldsInput, raw ?? {});
  const role = await chosenRole(ctx, input.role);
  const steps = stepsFor(role.kind);
  const describe = (step: WizardStep) => ({
    key: step,
    title: STEP_TITLES[step],
    fields: stepFields(role.kind, step, { danishBank: input.payment, passwordLink: input.link }),
  });
  const head = { role: { id: role.id, title: role.title }, kind: role.kind };
  if (input.step === undefined) return { ...head, steps: steps.map(describe), step: null };
  const step = typeof input.step === "number" ? steps[input.step - 1] : input.step;
  if (!step || !steps.includes(step))
    throw new ValidationError("This role has no such step.", {
      step: ["This role has no such step."],
    });
  return { ...head, steps: steps.map(describe), step: describe(step) };
}

async function assertEmailFree(db: DbOrTx, email: string) {
  const [taken] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, email));
  if (taken) throw new ValidationError(EMAIL_TAKEN, { email: [EMAIL_TAKEN] }, "email_taken");
}

/**
 * One step of the wizard checked on the server before the next one opens: the same field
 * rules as POST users (the account step also checks the e-mail is free). Writes nothing.
 */
export async function validateUserStep(ctx: Ctx, raw: unknown) {
  requirePermission(ctx, "user_create");
  const { role_id, step } = parseInput(stepInput, raw ?? {});
  const role = await chosenRole(ctx, role_id);
  const values = parseInput(stepSchema(role.kind, step), raw);
  if (step === "account") await assertEmailFree(ctx.db, (values as { email: string }).email);
  if (step === "company") await companyInScope(ctx, (values as { company_id: number }).company_id);
  if (step === "branches") {
    // The country was chosen on an earlier step; a bad one is that step's to name.
    const country = optionalId.safeParse((raw as { country_id?: unknown }).country_id);
    const branches = (values as { branches?: number[] }).branches ?? [];
    await assertBranchesInCountry(ctx.db, branches, country.success ? country.data : undefined);
  }
  return { ok: true as const };
}

/** The company exists, is live and in the actor's scope; `lock` holds it against archiving. */
async function companyInScope(ctx: Ctx, companyId: number, lock = false) {
  const actor = requireUser(ctx);
  const q = ctx.db
    .select({ id: schema.companies.id })
    .from(schema.companies)
    .where(and(eq(schema.companies.id, companyId), isNull(schema.companies.deletedAt)));
  const [company] = await (lock ? q.for("share") : q);
  const message = "The selected company is invalid.";
  if (!company || (actor.isClient && actor.companyId !== companyId))
    throw new ValidationError(message, { company_id: [message] });
}

/** Ids that name no live row of a list: a 422 on that field rather than a foreign-key error. */
async function assertKnown(
  db: DbOrTx,
  field: string,
  ids: number[],
  table:
    | typeof schema.branches
    | typeof schema.skills
    | typeof schema.languages
    | typeof schema.levels
    | typeof schema.countries,
) {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  const rows = await db.select({ id: table.id }).from(table).where(inArray(table.id, unique));
  if (rows.length !== unique.length) {
    const message = `The selected ${field.replace("_id", "")} is invalid.`;
    throw new ValidationError(message, { [field]: [message] });
  }
}

export const branchOutsideCountry = (branch: string) =>
  `The branch ${branch} is not in the chosen country.`;

/**
 * The branches of a user lie in its country, when it has one (the wizard offers only those):
 * a branch elsewhere is a 422 on `branches` naming it. Unknown ids are assertKnown's to name.
 */
async function assertBranchesInCountry(db: DbOrTx, branches: number[], countryId?: number | null) {
  if (!countryId || !branches.length) return;
  const [outside] = await db
    .select({ name: schema.branches.name })
    .from(schema.branches)
    .where(and(inArray(schema.branches.id, branches), ne(schema.branches.countryId, countryId)))
    .orderBy(asc(schema.branches.name))
    .limit(1);
  if (outside) {
    const message = branchOutsideCountry(outside.name);
    throw new ValidationError(message, { branches: [message] });
  }
}

/**
 * POST users: creates an approved, active user with everything the wizard collected (roles,
 * skills with level and experience, branches, languages, payment settings, company) in one
 * transaction, and logs it.
 */
export async function createUser(ctx: Ctx, raw: unknown) {
  requirePermission(ctx, "user_create");
  const { role_id } = parseInput(z.object({ role_id: idSchema }), raw ?? {});
  const role = await chosenRole(ctx, role_id);
  const input = parseInput(createUserSchema(role.kind), raw);
  if (input.company_id) await companyInScope(ctx, input.company_id);
  // With a link to follow, the account gets a random password nobody knows until then.
  const linkOnly = input.send_password_link === true;
  const passwordHash = await hashPassword(linkOnly ? randomToken(32) : (input.password ?? ""));
  return withTx(ctx, async (ctx) => {
    // Decided again inside the transaction, with the role and company held: the checks above
    // only spare the hashing when they fail, and either row may have changed since.
    const held = await chosenRole(ctx, role.id, true);
    if (held.kind !== role.kind)
      throw new ConflictError("The role changed while you were filling in the form. Start again.");
    if (input.company_id) await companyInScope(ctx, input.company_id, true);
    await assertEmailFree(ctx.db, input.email);
    await assertKnown(
      ctx.db,
      "country_id",
      input.country_id ? [input.country_id] : [],
      schema.countries,
    );
    await assertKnown(ctx.db, "languages", input.languages ?? [], schema.languages);
    await assertKnown(ctx.db, "branches", input.branches ?? [], schema.branches);
    await assertBranchesInCountry(ctx.db, input.branches ?? [], input.country_id);
    await assertKnown(
      ctx.db,
      "skills",
      (input.skills ?? []).map((s) => s.skill_id),
      schema.skills,
    );
    const levels = (input.skills ?? []).flatMap((s) => (s.level_id ? [s.level_id] : []));
    await assertKnown(ctx.db, "skills", levels, schema.levels);
    const [user] = await ctx.db
      .insert(schema.users)
      .values({
        email: input.email,
        name: `${input.first_name} ${input.last_name}`,
        firstName: input.first_name,
        lastName: input.last_name,
        phone: input.phone ?? null,
        birthDate: input.birth_date ?? null,
        countryId: input.country_id ?? null,
        companyId: input.company_id ?? null,
        passwordHash,
        approved: true,
        status: "active",
        issuesInvoice: Boolean(input.payment_settings?.company_name),
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: schema.users.id, name: schema.users.name });
    await ctx.db.insert(schema.userRoles).values({ userId: user.id, roleId: role.id });
    if (input.skills?.length)
      await ctx.db.insert(schema.userSkills).values(
        dedupe(input.skills, (s) => s.skill_id).map((s) => ({
          userId: user.id,
          skillId: s.skill_id,
          levelId: s.level_id ?? null,
          experience: s.experience ?? null,
        })),
      );
    if (input.branches?.length)
      await ctx.db
        .insert(schema.userBranches)
        .values([...new Set(input.branches)].map((branchId) => ({ userId: user.id, branchId })));
    if (input.languages?.length)
      await ctx.db
        .insert(schema.userLanguages)
        .values(
          [...new Set(input.languages)].map((languageId) => ({ userId: user.id, languageId })),
        );
    const p = input.payment_settings;
    if (p)
      await ctx.db.insert(schema.paymentSettings).values({
        userId: user.id,
        hasDanishBank: p.has_danish_bank,
        iban: p.iban ?? null,
        swift: p.swift ?? null,
        reg: p.reg ?? null,
        konto: p.konto ?? null,
        socialSecurity: p.social_security ?? null,
        taxCard: p.tax_card ?? null,
        hasTaxId: p.has_tax_id,
        taxId: p.tax_id ?? null,
        companyName: p.company_name ?? null,
      });
    if (linkOnly)
      await sendWelcomeLink(ctx, { id: user.id, email: input.email, firstName: input.first_name });
    await logActivity(ctx, {
      logName: "users",
      description: "created",
      subjectType: "users",
      subjectId: user.id,
      properties: { role: role.title, email: input.email, password_link: linkOnly },
    });
    return { id: user.id, name: user.name, message: USER_CREATED };
  });
}

function dedupe<T>(list: T[], key: (t: T) => number): T[] {
  const seen = new Map<number, T>();
  for (const item of list) seen.set(key(item), item);
  return [...seen.values()];
}
