import { PAYMENT_MESSAGES } from "@/lib/domain/payment-details";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { roleId } from "@/seed/reference";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { applyOn, createJobWorld, insertJob, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { loadActor, makeCtx } from "../context";
import { savePassword } from "../account/password-reset";
import { verifyPassword } from "@/lib/auth/password";
import {
  changeUserStatus,
  createUser as createUserVerb,
  deleteUser,
  listUsers,
  possibleRoles,
  validateUserStep,
  wizardFields,
  wizardOptions,
} from ".";
import { branchOutsideCountry } from "./create";
import { PHONE_INVALID, PHONE_REQUIRED } from "@/lib/domain/phone";
import { PASSWORD_REQUIRED, PASSWORD_STRENGTH_MESSAGE } from "@/lib/domain/password";

let handle: DbHandle;
let db: Db;
let w: JobWorld;
let branch: number;
let language: number;
let level: number;
let workerRole: number;
let adminRole: number;
let colRole: number;

const now = new Date("2026-11-22T12:00:00Z");
const ctxOf = (userId: number) => ctxFor(db, userId, { now });

// A valid IBAN (DK check digits) and BIC.
const IBAN = "DK50 0040 0440 1162 43";
const BIC = "DABADKKK";

const workerBody = (email: string, extra: Record<string, unknown> = {}) => ({
  role_id: workerRole,
  email,
  password: "Strong!Pass1",
  first_name: "Nina",
  last_name: "Nielsen",
  phone: "+45 11 22 33 44",
  birth_date: "14/03/1995",
  country_id: w.countryId,
  languages: [language],
  skills: [{ skill_id: w.skill, level_id: level, experience: 3 }],
  branches: [branch],
  payment_settings: { has_danish_bank: 0, iban: IBAN, swift: BIC, tax_card: "Main" },
  ...extra,
});

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  w = await createJobWorld(db);
  [{ id: branch }] = await db
    .insert(schema.branches)
    .values({ name: "Copenhagen", countryId: w.countryId })
    .returning();
  [{ id: language }] = await db
    .insert(schema.languages)
    .values({ name: "Danish", code: "da" })
    .onConflictDoNothing()
    .returning();
  [{ id: level }] = await db
    .insert(schema.levels)
    .values({ name: "Senior", weight: 3 })
    .returning();
  workerRole = await roleId(db, ROLE.worker);
  adminRole = await roleId(db, ROLE.admin);
  colRole = await roleId(db, ROLE.client);
  await db.update(schema.users).set({ companyId: w.companyA }).where(eq(schema.users.id, w.colA));
});
afterAll(async () => {
  await handle?.close();
});

describe("the create wizard", () => {
  it("offers an administrator every role and others all but Administrator", async () => {
    const admin = (await possibleRoles(await ctxOf(w.admin))).map((r) => r.title);
    expect(admin).toContain(ROLE.admin);
    const pm = (await possibleRoles(await ctxOf(w.pm))).map((r) => r.title);
    expect(pm).not.toContain(ROLE.admin);
    expect(pm).toContain(ROLE.worker);
    expect((await appErrorOf(possibleRoles(await ctxOf(w.worker)))).status).toBe(403);
  });

  it("describes the steps of a role and the fields of one step", async () => {
    const ctx = await ctxOf(w.pm);
    const all = await wizardFields(ctx, { role: ROLE.worker });
    expect(all.steps.map((s) => s.key)).toEqual(
      ["role", "account", "personal", "skills", "branches", "payment", "company"].filter(
        (s) => s !== "company",
      ),
    );
    const danish = await wizardFields(ctx, { role: workerRole, step: "payment", payment: "1" });
    const names = danish.step?.fields.map((f) => f.name);
    expect(names).toContain("konto");
    expect(names).not.toContain("iban");
    const col = await wizardFields(ctx, { role: colRole, step: 4 });
    expect(col.step?.key).toBe("company");
    expect((await appErrorOf(wizardFields(ctx, { role: colRole, step: "payment" }))).status).toBe(
      422,
    );
    expect((await appErrorOf(wizardFields(ctx, { role: adminRole }))).status).toBe(403);
  });

  it("checks a step on the server: a taken e-mail, a bad IBAN", async () => {
    const ctx = await ctxOf(w.pm);
    const taken = await appErrorOf(
      validateUserStep(ctx, { role_id: workerRole, step: "account", email: "x" }),
    );
    expect(taken.errors?.email).toEqual(["The email must be a valid email address."]);
    const [{ email }] = await db
      .select({ email: schema.users.email })
      .from(schema.users)
      .where(eq(schema.users.id, w.pm));
    const dup = await appErrorOf(
      validateUserStep(ctx, {
        role_id: workerRole,
        step: "account",
        email: email.toUpperCase(),
        password: "Strong!Pass1",
      }),
    );
    expect(dup.errors?.email).toEqual(["The email has already been taken."]);
    const iban = await appErrorOf(
      validateUserStep(ctx, {
        role_id: workerRole,
        step: "payment",
        payment_settings: { iban: "DK00 1234", swift: BIC },
      }),
    );
    expect(iban.errors?.["payment_settings.iban"]).toEqual([PAYMENT_MESSAGES.ibanInvalid]);
    expect(
      await validateUserStep(ctx, {
        role_id: workerRole,
        step: "payment",
        payment_settings: { has_danish_bank: "1", reg: "1551", konto: "1234567890" },
      }),
    ).toEqual({ ok: true });
  });

  it("creates a worker with everything in one go, approved and active", async () => {
    const res = await createUserVerb(await ctxOf(w.pm), workerBody("nina@example.test"));
    expect(res.message).toBe("User created successfully!");
    const [u] = await db.select().from(schema.users).where(eq(schema.users.id, res.id));
    expect(u).toMatchObject({
      name: "Nina Nielsen",
      approved: true,
      status: "active",
      birthDate: "1995-03-14",
    });
    const [pay] = await db
      .select()
      .from(schema.paymentSettings)
      .where(eq(schema.paymentSettings.userId, res.id));
    expect(pay).toMatchObject({ iban: "DK5000400440116243", swift: BIC, hasDanishBank: false });
    const skills = await db
      .select()
      .from(schema.userSkills)
      .where(eq(schema.userSkills.userId, res.id));
    expect(skills).toMatchObject([{ skillId: w.skill, levelId: level, experience: 3 }]);
    const actor = await loadActor(db, res.id);
    expect(actor?.roles.map((r) => r.title)).toEqual([ROLE.worker]);
    expect(actor?.branchIds).toEqual([branch]);
    const log = await db
      .select()
      .from(schema.activityLog)
      .where(eq(schema.activityLog.subjectId, res.id));
    expect(log.map((l) => l.description)).toContain("created");
  });

  it("refuses a duplicate e-mail, a bad IBAN, a role not allowed, a COL without company", async () => {
    const ctx = await ctxOf(w.pm);
    const dup = await appErrorOf(createUserVerb(ctx, workerBody("NINA@example.test")));
    expect(dup.status).toBe(422);
    expect(dup.errors?.email).toEqual(["The email has already been taken."]);
    const bad = await appErrorOf(
      createUserVerb(
        ctx,
        workerBody("bad@example.test", {
          payment_settings: { iban: "DK5000400440116244", swift: BIC },
        }),
      ),
    );
    expect(bad.errors?.["payment_settings.iban"]).toBeDefined();
    const admin = await appErrorOf(
      createUserVerb(ctx, { ...workerBody("adm@example.test"), role_id: adminRole }),
    );
    expect(admin.status).toBe(403);
    const col = await appErrorOf(
      createUserVerb(ctx, {
        role_id: colRole,
        email: "col@example.test",
        password: "Strong!Pass1",
        first_name: "Carla",
        last_name: "Contact",
      }),
    );
    expect(col.status).toBe(422);
    expect(Object.keys(col.errors ?? {})).toEqual(["company_id"]);
    const ok = await createUserVerb(ctx, {
      role_id: colRole,
      email: "col@example.test",
      password: "Strong!Pass1",
      first_name: "Carla",
      last_name: "Contact",
      company_id: w.companyA,
    });
    const [u] = await db.select().from(schema.users).where(eq(schema.users.id, ok.id));
    expect(u.companyId).toBe(w.companyA);
    const none = await db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, "bad@example.test"));
    expect(none).toEqual([]);
  });
});

describe("the wizard checks phones and branches as sign-up does", () => {
  const usersNamed = (email: string) =>
    db.select().from(schema.users).where(eq(schema.users.email, email));

  it("answers one password message: required when blank, else the strength rule", async () => {
    const ctx = await ctxOf(w.pm);
    const account = (password: string) => ({
      role_id: workerRole,
      step: "account",
      email: "pw.once@example.test",
      password,
    });
    const blank = await appErrorOf(validateUserStep(ctx, account("")));
    expect(blank.status).toBe(422);
    expect(blank.errors).toEqual({ password: [PASSWORD_REQUIRED] });
    const weak = await appErrorOf(validateUserStep(ctx, account("weak")));
    expect(weak.errors).toEqual({ password: [PASSWORD_STRENGTH_MESSAGE] });
    expect(await validateUserStep(ctx, account("Strong!Pass1"))).toEqual({ ok: true });
  });

  it("answers one phone message, on the step and on the final call, and writes nothing", async () => {
    const ctx = await ctxOf(w.pm);
    const personal = (phone: unknown) => ({
      role_id: workerRole,
      step: "personal",
      first_name: "Pia",
      last_name: "Phone",
      phone,
      birth_date: "01/02/1990",
      country_id: w.countryId,
    });
    const blank = await appErrorOf(validateUserStep(ctx, personal("")));
    expect(blank.status).toBe(422);
    expect(blank.errors?.phone).toEqual([PHONE_REQUIRED]);
    const junk = await appErrorOf(validateUserStep(ctx, personal("call me")));
    expect(junk.errors?.phone).toEqual([PHONE_INVALID]);
    expect((await appErrorOf(validateUserStep(ctx, personal("+45 123")))).errors?.phone).toEqual([
      PHONE_INVALID,
    ]);
    expect(await validateUserStep(ctx, personal("+45 20 30 40 50"))).toEqual({ ok: true });

    const bad = await appErrorOf(
      createUserVerb(ctx, workerBody("pia.phone@example.test", { phone: "12-ab-34" })),
    );
    expect(bad.status).toBe(422);
    expect(bad.message).toBe(PHONE_INVALID);
    expect(bad.errors).toEqual({ phone: [PHONE_INVALID] });
    expect(await usersNamed("pia.phone@example.test")).toEqual([]);

    // Staff may leave the phone out, but what they type passes the same rule.
    const staff = {
      role_id: await roleId(db, ROLE.crewHandler),
      email: "carl.crew@example.test",
      password: "Strong!Pass1",
      first_name: "Carl",
      last_name: "Crew",
    };
    const typo = await appErrorOf(createUserVerb(ctx, { ...staff, phone: "+45 2030 4050-" }));
    expect(typo.errors).toEqual({ phone: [PHONE_INVALID] });
    expect(await usersNamed(staff.email)).toEqual([]);
    const made = await createUserVerb(ctx, { ...staff, phone: "" });
    const [u] = await db.select().from(schema.users).where(eq(schema.users.id, made.id));
    expect(u.phone).toBeNull();
  });

  it("refuses a branch outside the chosen country, naming it, and writes nothing", async () => {
    const ctx = await ctxOf(w.pm);
    const [elsewhere] = await db
      .insert(schema.countries)
      .values({
        name: "Norway",
        isoCode: "NO",
        currencyCode: "DKK",
        timeZone: "Europe/Oslo",
        operational: true,
      })
      .returning();
    const [oslo] = await db
      .insert(schema.branches)
      .values({ name: "Oslo", countryId: elsewhere.id })
      .returning();
    const step = await appErrorOf(
      validateUserStep(ctx, {
        role_id: workerRole,
        step: "branches",
        country_id: w.countryId,
        branches: [branch, oslo.id],
      }),
    );
    expect(step.status).toBe(422);
    expect(step.errors).toEqual({ branches: [branchOutsideCountry("Oslo")] });
    expect(
      await validateUserStep(ctx, {
        role_id: workerRole,
        step: "branches",
        country_id: elsewhere.id,
        branches: [oslo.id],
      }),
    ).toEqual({ ok: true });

    const final = await appErrorOf(
      createUserVerb(ctx, workerBody("olle.oslo@example.test", { branches: [oslo.id] })),
    );
    expect(final.status).toBe(422);
    expect(final.message).toBe("The branch Oslo is not in the chosen country.");
    expect(await usersNamed("olle.oslo@example.test")).toEqual([]);

    const options = await wizardOptions(ctx);
    expect(options.branches.find((b) => b.id === oslo.id)?.country_id).toBe(elsewhere.id);
  });
});

describe("a new user chooses its own password", () => {
  it("without a password and without a link is 422 on password; with a link, the mail's link sets it", async () => {
    const ctx = await ctxOf(w.pm);
    const { password: _omit, ...noPassword } = workerBody("link@example.test");
    const missing = await appErrorOf(createUserVerb(ctx, noPassword));
    expect(missing.status).toBe(422);
    expect(missing.errors?.password).toEqual(["The password field is required."]);
    const step = await appErrorOf(validateUserStep(ctx, { ...noPassword, step: "account" }));
    expect(step.errors?.password).toEqual(["The password field is required."]);

    const made = await createUserVerb(ctx, { ...noPassword, send_password_link: true });
    const [mail] = await db
      .select()
      .from(schema.mailOutbox)
      .where(eq(schema.mailOutbox.to, "link@example.test"));
    expect(mail.template).toBe("welcome_set_password");
    const token = /\/password\/reset\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    const [reset] = await db
      .select()
      .from(schema.passwordResets)
      .where(eq(schema.passwordResets.userId, made.id));
    expect(reset.expiresAt.getTime() - now.getTime()).toBe(7 * 24 * 3600_000);

    await savePassword(makeCtx(db, null, { now }), {
      token,
      password: "Chosen!Pass9",
      password_confirmation: "Chosen!Pass9",
    });
    const [u] = await db.select().from(schema.users).where(eq(schema.users.id, made.id));
    expect(await verifyPassword(u.passwordHash, "Chosen!Pass9")).toBe(true);
  });
});

describe("change-status and delete", () => {
  it("asks to confirm upcoming bookings, then deactivates and ends the sessions and tokens", async () => {
    const worker = await createUser(db, { name: "Bo Booked", roles: [ROLE.worker] });
    const job = await insertJob(db, {
      name: "Future gala",
      companyId: w.companyA,
      countryId: w.countryId,
      shifts: [
        {
          startsAt: new Date("2026-12-01T17:00:00Z"),
          endsAt: new Date("2026-12-01T23:00:00Z"),
          slots: [{ skillId: w.skill, positions: 2 }],
        },
      ],
    });
    const app = await applyOn(db, job.shifts[0].slots[0].id, worker.id, "Booked");
    await db.insert(schema.apiTokens).values({
      userId: worker.id,
      tokenHash: `hash-${worker.id}`,
      expiresAt: new Date("2027-01-01"),
    });
    const ctx = await ctxOf(w.crewHandler);
    const ask = await appErrorOf(changeUserStatus(ctx, worker.id, { status: "deactivated" }));
    expect(ask.status).toBe(410);
    expect(ask.type).toBe("confirm_required");
    expect(ask.details?.bookings).toMatchObject([
      { application_id: app, job_name: "Future gala", date: "01/12/2026", status: "Booked" },
    ]);
    expect(await loadActor(db, worker.id)).not.toBeNull();
    const done = await changeUserStatus(ctx, worker.id, { status: "deactivated", confirm: 1 });
    expect(done.message).toBe("User activated or deactivated successfully");
    expect(await loadActor(db, worker.id)).toBeNull();
    const [token] = await db
      .select()
      .from(schema.apiTokens)
      .where(eq(schema.apiTokens.userId, worker.id));
    expect(token.revokedAt).toEqual(now);
    // The booking stays for the office to rebook.
    const [a] = await db
      .select({ status: schema.applications.status })
      .from(schema.applications)
      .where(eq(schema.applications.id, app));
    expect(a.status).toBe("Booked");
    await changeUserStatus(ctx, worker.id, { status: "active" });
    expect(await loadActor(db, worker.id)).not.toBeNull();
  });

  it("refuses yourself, the last administrator, a bad status, and a worker (403)", async () => {
    const ctx = await ctxOf(w.admin);
    expect(
      (await appErrorOf(changeUserStatus(ctx, w.admin, { status: "deactivated" }))).status,
    ).toBe(409);
    const pm = await ctxOf(w.pm);
    // Nobody but an administrator touches an administrator (lib/domain/manage.ts); an
    // administrator cannot deactivate itself, so the last one stays (manage.int.test.ts).
    const refused = await appErrorOf(changeUserStatus(pm, w.admin, { status: "deactivated" }));
    expect(refused.status).toBe(403);
    expect(refused.message).toBe(
      "Only an administrator can deactivate an administrator's account.",
    );
    expect((await appErrorOf(changeUserStatus(pm, w.worker, { status: "gone" }))).status).toBe(422);
    expect((await appErrorOf(changeUserStatus(pm, 999999, { status: "active" }))).status).toBe(404);
    const worker = await ctxOf(w.worker);
    expect(
      (await appErrorOf(changeUserStatus(worker, w.pm, { status: "deactivated" }))).status,
    ).toBe(403);
  });

  it("deletes (archives) a user, never yourself nor the last administrator", async () => {
    const pm = await ctxOf(w.pm);
    const gone = await createUser(db, { name: "Del Me", roles: [ROLE.worker] });
    const res = await deleteUser(pm, gone.id, {});
    expect(res.message).toBe("User deleted successfully");
    const [u] = await db.select().from(schema.users).where(eq(schema.users.id, gone.id));
    expect(u.deletedAt).toEqual(now);
    expect(u.status).toBe("deactivated");
    expect(await loadActor(db, gone.id)).toBeNull();
    expect((await appErrorOf(deleteUser(pm, gone.id, {}))).status).toBe(404);
    expect((await appErrorOf(deleteUser(pm, w.pm, {}))).message).toBe(
      "You cannot delete yourself.",
    );
    expect((await appErrorOf(deleteUser(pm, w.admin, {}))).message).toBe(
      "Only an administrator can delete an administrator's account.",
    );
    const ids = (await listUsers(pm, { showDeactivatedUsers: 1, perPage: 100 })).items.map(
      (r) => r.id,
    );
    expect(ids).not.toContain(gone.id);
  });
});
