import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema, setDatabaseForTests } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { PASSWORD_REQUIRED, PASSWORD_STRENGTH_MESSAGE } from "@/lib/domain/password";
import { PHONE_INVALID, PHONE_REQUIRED } from "@/lib/domain/phone";
import { createUser, ctxFor, TEST_PASSWORD } from "@/lib/testing/fixtures";
import { AWAITING_APPROVAL } from "@/lib/services/context";
import { newJobs } from "@/lib/services/worker/new-jobs";
import { bookApplications } from "@/lib/services/applications/book";
import { appErrorOf } from "@/lib/testing/app-error";
import { callRoute } from "@/lib/testing/route-request";
import * as registerRoute from "@/app/api/v2/register/route";
import * as registrationRoute from "@/app/api/v2/registration/route";
import * as checkEmailRoute from "@/app/api/v2/check-email-free/route";
import * as optionsRoute from "@/app/api/v2/sign-up-options/route";
import { login } from "../auth/login";
import {
  anon,
  at,
  db,
  handle,
  minutes,
  setUpAuthDatabase,
  uniqueEmail,
} from "../auth/auth.test-support";
import {
  lastMailTo,
  multipart,
  signUpPayload,
  signUpWorld,
  tokenIn,
  type SignUpWorld,
} from "./account.test-support";
import { EMAIL_TAKEN, REGISTERED_MESSAGE, register } from "./registration";
import { VERIFY_LINK_INVALID, verifyEmail } from "./verify-email";

setUpAuthDatabase();

let w: SignUpWorld;
beforeAll(async () => {
  // The route handlers read the database through getDb().
  setDatabaseForTests(handle);
  w = await signUpWorld(db);
});

const userByEmail = async (email: string) =>
  (await db.select().from(schema.users).where(eq(schema.users.email, email)))[0];

describe("POST register (multipart) and POST registration (JSON)", () => {
  it("creates an applicant from a multipart form: Freelancer, unapproved, active, privacy accepted, issues_invoice 0", async () => {
    const email = uniqueEmail("multipart");
    const p = signUpPayload(w, email);
    const { rawBody, contentType } = await multipart({
      name: p.name,
      first_name: p.first_name,
      email,
      phone: p.phone,
      password: p.password,
      country_id: String(w.countryId),
      branch_id: String(w.branchId),
      skills: w.skillIds.join(","),
      languages: String(w.languageIds[0]),
      privacy_accepted: "1",
    });
    const res = await callRoute(registerRoute.POST, "register", {
      rawBody,
      headers: { "content-type": contentType },
    });
    expect(res.status).toBe(201);
    const body = res.body as { message: string; data: { id: number; email: string } };
    expect(body.message).toBe(REGISTERED_MESSAGE);
    expect(body.data.email).toBe(email);

    const user = await userByEmail(email);
    expect(user).toMatchObject({
      name: "Freja Jensen",
      firstName: "Freja",
      lastName: "Jensen",
      approved: false,
      status: "active",
      issuesInvoice: false,
      countryId: w.countryId,
      emailVerifiedAt: null,
    });
    expect(user.privacyAcceptedAt).not.toBeNull();
    const roles = await db
      .select({ title: schema.roles.title })
      .from(schema.userRoles)
      .innerJoin(schema.roles, eq(schema.roles.id, schema.userRoles.roleId))
      .where(eq(schema.userRoles.userId, user.id));
    expect(roles.map((r) => r.title)).toEqual([ROLE.worker]);
    const skills = await db
      .select()
      .from(schema.userSkills)
      .where(eq(schema.userSkills.userId, user.id));
    expect(skills.map((s) => s.skillId).sort()).toEqual([...w.skillIds].sort());
    const branches = await db
      .select()
      .from(schema.userBranches)
      .where(eq(schema.userBranches.userId, user.id));
    expect(branches.map((b) => b.branchId)).toEqual([w.branchId]);
    const logged = await db
      .select()
      .from(schema.activityLog)
      .where(
        and(
          eq(schema.activityLog.subjectId, user.id),
          eq(schema.activityLog.description, "Registered"),
        ),
      );
    expect(logged).toHaveLength(1);
  });

  it("takes the same payload as JSON, and a ticked issues_invoice", async () => {
    const email = uniqueEmail("json");
    const res = await callRoute(registrationRoute.POST, "registration", {
      json: signUpPayload(w, email, { issues_invoice: 1 }),
    });
    expect(res.status).toBe(201);
    expect((await userByEmail(email)).issuesInvoice).toBe(true);
  });

  it("refuses a taken e-mail (any case) with 422 and the field message", async () => {
    const email = uniqueEmail("taken");
    await createUser(db, { email });
    const res = await callRoute(registrationRoute.POST, "registration", {
      json: signUpPayload(w, email.toUpperCase()),
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ message: EMAIL_TAKEN, errors: { email: [EMAIL_TAKEN] } });
  });

  it("refuses a weak password with 422 and the strength message, and creates nothing", async () => {
    const email = uniqueEmail("weak");
    const res = await callRoute(registrationRoute.POST, "registration", {
      json: signUpPayload(w, email, { password: "password" }),
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ errors: { password: [PASSWORD_STRENGTH_MESSAGE] } });
    expect(await userByEmail(email)).toBeUndefined();
  });

  it("requires the privacy notice, a branch of the chosen country and known skills", async () => {
    const noPrivacy = await appErrorOf(
      register(anon(), signUpPayload(w, uniqueEmail("np"), { privacy_accepted: false })),
    );
    expect(noPrivacy.status).toBe(422);
    expect(noPrivacy.errors?.privacy_accepted).toEqual(["You must accept the privacy notice."]);
    const wrongBranch = await appErrorOf(
      register(anon(), signUpPayload(w, uniqueEmail("wb"), { branch_id: w.otherCountryBranchId })),
    );
    expect(wrongBranch.errors?.branch_id).toEqual([
      "The selected branch is not in the chosen country.",
    ]);
    const unknownSkill = await appErrorOf(
      register(anon(), signUpPayload(w, uniqueEmail("us"), { skills: [999_999] })),
    );
    expect(unknownSkill.errors?.skills).toEqual(["The selected skills is invalid."]);
  });

  it("answers malformed fields with 422, never 500", async () => {
    const res = await callRoute(registrationRoute.POST, "registration", {
      json: { ...signUpPayload(w, uniqueEmail("bad")), country_id: "x", skills: "a,b" },
    });
    expect(res.status).toBe(422);
    const blank = await callRoute(registrationRoute.POST, "registration", { json: {} });
    expect(blank.status).toBe(422);
    expect((blank.body as { errors: Record<string, string[]> }).errors.name).toEqual([
      "The last name field is required.",
    ]);
  });

  it("answers an empty form with exactly one message per field, and creates nothing", async () => {
    // What the browser posts for the untouched form: every field present and empty.
    const empty = {
      first_name: "",
      name: "",
      email: "",
      phone: "",
      password: "",
      country_id: "",
      branch_id: "",
      skills: "",
      languages: "",
      issues_invoice: "0",
      privacy_accepted: "0",
    };
    const { rawBody, contentType } = await multipart(empty);
    const before = await db.$count(schema.users);
    const res = await callRoute(registerRoute.POST, "register", {
      rawBody,
      headers: { "content-type": contentType },
    });
    expect(res.status).toBe(422);
    const errors = (res.body as { errors: Record<string, string[]> }).errors;
    expect(errors).toEqual({
      name: ["The last name field is required."],
      first_name: ["The first name field is required."],
      email: ["The email field is required."],
      phone: [PHONE_REQUIRED],
      password: [PASSWORD_REQUIRED],
      country_id: ["The country field is required."],
      branch_id: ["The branch field is required."],
      skills: ["Choose at least one of the skills."],
      languages: ["Choose at least one of the languages."],
      privacy_accepted: ["You must accept the privacy notice."],
    });
    expect(await db.$count(schema.users)).toBe(before);
  });

  it("checks the phone with the one phone rule: one message, nothing written", async () => {
    for (const phone of ["call me", "+45 123", "45+20304050"]) {
      const email = uniqueEmail("ph");
      const err = await appErrorOf(register(anon(), signUpPayload(w, email, { phone })));
      expect(err.status).toBe(422);
      expect(err.errors).toEqual({ phone: [PHONE_INVALID] });
      expect(await userByEmail(email)).toBeUndefined();
    }
    const email = uniqueEmail("ph-ok");
    await register(anon(), signUpPayload(w, email, { phone: " +1 (555) 123-4567 " }));
    expect((await userByEmail(email))?.phone).toBe("+1 (555) 123-4567");
  });

  it("records the referral: the inviter's invitation is accepted by the new user", async () => {
    const inviter = await createUser(db, { roles: [ROLE.worker] });
    const email = uniqueEmail("invited");
    const [inv] = await db
      .insert(schema.invitations)
      .values({ email, invitedById: inviter.id })
      .returning();
    const res = await register(anon(), signUpPayload(w, email, { invited_by: String(inviter.id) }));
    const [after] = await db
      .select()
      .from(schema.invitations)
      .where(eq(schema.invitations.id, inv.id));
    expect(after.acceptedUserId).toBe(res.data.id);
    expect(after.acceptedAt).not.toBeNull();
    expect((await userByEmail(email)).invitedById).toBe(inviter.id);
  });

  it("records a shared link's referral as a new accepted invitation", async () => {
    const inviter = await createUser(db, { roles: [ROLE.worker] });
    const email = uniqueEmail("shared");
    const res = await register(anon(), signUpPayload(w, email, { invited_by: inviter.id }));
    const rows = await db
      .select()
      .from(schema.invitations)
      .where(eq(schema.invitations.invitedById, inviter.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email, acceptedUserId: res.data.id });
  });

  it("limits sign-ups per e-mail: the sixth attempt within 15 minutes answers 429", async () => {
    const email = uniqueEmail("limit");
    const now = new Date();
    const taken = await createUser(db, { email });
    for (let i = 0; i < 5; i++) {
      const err = await appErrorOf(register(anon({ now }), signUpPayload(w, email)));
      expect(err.status).toBe(422);
    }
    const blocked = await appErrorOf(register(anon({ now }), signUpPayload(w, email)));
    expect(blocked.status).toBe(429);
    // After the window the address may try again, and a free one goes through.
    await db.delete(schema.users).where(eq(schema.users.id, taken.id));
    const later = await register(anon({ now: at(now, minutes(16)) }), signUpPayload(w, email));
    expect(later.data.email).toBe(email);
  });
});

describe("the applicant", () => {
  it("signs in with only the applicant rules, and its new-jobs call is refused", async () => {
    const email = uniqueEmail("applicant");
    await register(anon(), signUpPayload(w, email));
    const res = await login(anon(), { email, password: TEST_PASSWORD });
    expect(res.rules).toEqual(["help_access", "my_dashboard_access"]);
    const ctx = await ctxFor(db, res.id);
    expect(ctx.actor).toMatchObject({ approved: false, isAdmin: false });
    const err = await appErrorOf(newJobs(ctx, {}));
    expect(err.status).toBe(403);
    expect(err.type).toBe("account_not_approved");
    expect(err.message).toBe(AWAITING_APPROVAL);
    // Applying for a slot (its own Applied application) is refused the same way.
    const apply = await appErrorOf(
      bookApplications(ctx, { assignee_id: res.id, shift_slots: [1], status: "Applied" }),
    );
    expect(apply.status).toBe(403);
    expect(apply.type).toBe("account_not_approved");
    // Booking others needs jobs_book_workers, which an applicant never holds, whatever its role.
    const book = await appErrorOf(
      bookApplications(ctx, { assignee_id: res.id, shift_slots: [1], status: "Booked" }),
    );
    expect(book.status).toBe(403);
  });
});

describe("check-email-free and sign-up options", () => {
  it("says whether an address is free", async () => {
    const email = uniqueEmail("free");
    const free = await callRoute(checkEmailRoute.POST, "check-email-free", { json: { email } });
    expect(free.status).toBe(200);
    expect(free.body).toMatchObject({ data: { free: true } });
    await createUser(db, { email });
    const taken = await callRoute(checkEmailRoute.POST, "check-email-free", {
      json: { email: email.toUpperCase() },
    });
    expect(taken.body).toMatchObject({ data: { free: false, message: EMAIL_TAKEN } });
    const bad = await callRoute(checkEmailRoute.POST, "check-email-free", {
      json: { email: "nope" },
    });
    expect(bad.status).toBe(422);
  });

  it("serves the form's options without signing in: operational countries and their branches", async () => {
    const res = await callRoute(optionsRoute.GET, "sign-up-options");
    expect(res.status).toBe(200);
    const data = (res.body as { data: Record<string, { id: number }[]> }).data;
    expect(data.countries.map((c) => c.id)).toContain(w.countryId);
    expect(data.branches.map((b) => b.id)).toContain(w.branchId);
    expect(data.skills.map((s) => s.id)).toEqual(expect.arrayContaining(w.skillIds));
    expect(data.languages.map((l) => l.id)).toEqual(expect.arrayContaining(w.languageIds));
    expect(Object.keys(data).sort()).toEqual(["branches", "countries", "languages", "skills"]);
  });
});

describe("e-mail verification", () => {
  it("queues a mail whose link verifies the address once", async () => {
    const email = uniqueEmail("verify");
    await register(anon(), signUpPayload(w, email));
    const mail = await lastMailTo(db, email, "verify_email");
    expect(mail?.subject).toBe("Confirm your e-mail address for Crewdeck");
    const token = tokenIn(mail!.text, "/email/verify/");
    const [once, twice] = await Promise.allSettled([
      verifyEmail(anon(), token),
      verifyEmail(anon(), token),
    ]);
    const outcomes = [once.status, twice.status].sort();
    expect(outcomes).toEqual(["fulfilled", "rejected"]);
    expect((await userByEmail(email)).emailVerifiedAt).not.toBeNull();
    const again = await appErrorOf(verifyEmail(anon(), token));
    expect(again.status).toBe(422);
    expect(again.message).toBe(VERIFY_LINK_INVALID);
  });

  it("refuses an expired link (after 48 hours) and an unknown one", async () => {
    const email = uniqueEmail("verify-late");
    const now = new Date();
    await register(anon({ now }), signUpPayload(w, email));
    const token = tokenIn((await lastMailTo(db, email, "verify_email"))!.text, "/email/verify/");
    const late = await appErrorOf(verifyEmail(anon({ now: at(now, minutes(48 * 60 + 1)) }), token));
    expect(late.status).toBe(422);
    expect((await userByEmail(email)).emailVerifiedAt).toBeNull();
    expect((await appErrorOf(verifyEmail(anon(), "no-such-token"))).status).toBe(422);
    expect((await appErrorOf(verifyEmail(anon(), 42))).status).toBe(422);
  });
});
