import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { approveApplicant } from "../applicants/approve";
import { listPendingDocuments } from "../approvals/documents";
import { deleteDocument, uploadDocument } from "../documents";
import { reviewDocument } from "../documents/review";
import { documentsOverview } from "../documents/view";
import type { Ctx } from "../context";
import { createNote } from "../notes";
import { createRole, updateRole } from "../roles";
import { uploadAvatar } from "./avatar";
import { createUser as createUserVerb, possibleRoles, validateUserStep } from "./create";
import { listUsers } from "./list";
import { savePaymentSettings } from "./payment";
import { getProfile } from "./profile";
import { updateProfile } from "./profile-update";
import { setSkills } from "./skills";
import { endSessionsOf } from "./account-help";
import { changeUserStatus, deleteUser } from "./status";

/**
 * The rule of who may manage whom (lib/domain/manage.ts) through every verb that touches
 * another user: crew handler vs administrator and vs project manager, project manager vs
 * administrator, and a custom role holding one permission vs one holding two. A refusal is a
 * 403 that says why and changes nothing.
 */
let handle: DbHandle;
let db: Db;
const ctx = {} as Record<"admin" | "pm" | "handler" | "one" | "two", Ctx>;
const id = {} as Record<
  "admin" | "otherAdmin" | "pm" | "handler" | "worker" | "client" | "one" | "two" | "rateWorker",
  number
>;
const roleIds = {} as Record<"one" | "two" | "rates", number>;

async function role(title: string, perms: string[]): Promise<number> {
  const [r] = await db.insert(schema.roles).values({ title }).returning({ id: schema.roles.id });
  const rows = await db
    .select({ id: schema.permissions.id })
    .from(schema.permissions)
    .where(inArray(schema.permissions.name, perms));
  await db
    .insert(schema.rolePermissions)
    .values(rows.map((p) => ({ roleId: r.id, permissionId: p.id })));
  return r.id;
}

async function userWithRoles(ids: number[], companyId: number | null = null) {
  const u = await createUser(db, { companyId });
  await db.insert(schema.userRoles).values(ids.map((roleId) => ({ userId: u.id, roleId })));
  return u.id;
}

/** Everything a refused verb could have touched, to compare before and after. */
async function snapshot(userId: number) {
  const [user] = await db.select().from(schema.users).where(eq(schema.users.id, userId));
  const roles = await db
    .select({ id: schema.userRoles.roleId })
    .from(schema.userRoles)
    .where(eq(schema.userRoles.userId, userId));
  const [activity] = await db.select({ n: count() }).from(schema.activityLog);
  const [notes] = await db.select({ n: count() }).from(schema.notes);
  const [documents] = await db
    .select({ n: count(), approved: sql<number>`count(*) filter (where status = 'approved')` })
    .from(schema.documents);
  const [payments] = await db
    .select({ n: count() })
    .from(schema.paymentSettings)
    .where(eq(schema.paymentSettings.userId, userId));
  const [users] = await db.select({ n: count() }).from(schema.users);
  return {
    user,
    roles: roles.map((r) => r.id).sort(),
    activity: activity.n,
    notes: notes.n,
    documents,
    payments: payments.n,
    users: users.n,
  };
}

async function expectRefused(
  call: () => Promise<unknown>,
  userId: number,
  message: string | RegExp,
) {
  const before = await snapshot(userId);
  const err = await appErrorOf(call());
  expect(err.status).toBe(403);
  if (typeof message === "string") expect(err.message).toBe(message);
  else expect(err.message).toMatch(message);
  expect(await snapshot(userId)).toEqual(before);
}

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  id.admin = (await createUser(db, { roles: [ROLE.admin] })).id;
  id.otherAdmin = (await createUser(db, { roles: [ROLE.admin] })).id;
  id.pm = (await createUser(db, { roles: [ROLE.projectManager] })).id;
  id.handler = (await createUser(db, { roles: [ROLE.crewHandler] })).id;
  id.worker = (await createUser(db, { roles: [ROLE.worker] })).id;
  const { company } = await createCountryAndCompany(db, "Manage Co");
  id.client = (await createUser(db, { roles: [ROLE.client], companyId: company.id })).id;
  roleIds.one = await role("One Thing", ["user_create"]);
  roleIds.two = await role("Two Things", ["user_create", "rate_access"]);
  roleIds.rates = await role("Rates Reader", ["rate_access"]);
  id.one = await userWithRoles([roleIds.one]);
  id.two = await userWithRoles([roleIds.two]);
  const [freelancer] = await db
    .select({ id: schema.roles.id })
    .from(schema.roles)
    .where(eq(schema.roles.title, ROLE.worker));
  id.rateWorker = await userWithRoles([freelancer.id, roleIds.rates]);
  for (const k of ["admin", "pm", "handler", "one", "two"] as const)
    ctx[k] = await ctxFor(db, id[k]);
});
afterAll(async () => {
  await handle?.close();
});

const ADMIN_ONLY = (verb: string) =>
  `Only an administrator can ${verb} an administrator's account.`;

describe("crew handler vs administrator", () => {
  it("cannot change an administrator's profile or take over its e-mail", async () => {
    await expectRefused(
      () => updateProfile(ctx.handler, id.admin, { email: "takeover@example.test" }),
      id.admin,
      ADMIN_ONLY("change the e-mail of"),
    );
    await expectRefused(
      () => updateProfile(ctx.handler, id.admin, { first_name: "Mallory" }),
      id.admin,
      ADMIN_ONLY("change"),
    );
  });

  it("cannot deactivate, delete, sign out, re-role or re-picture one", async () => {
    await expectRefused(
      () => changeUserStatus(ctx.handler, id.admin, { status: "deactivated", confirm: 1 }),
      id.admin,
      ADMIN_ONLY("deactivate"),
    );
    await expectRefused(
      () => deleteUser(ctx.handler, id.admin, { confirm: 1 }),
      id.admin,
      ADMIN_ONLY("delete"),
    );
    await expectRefused(
      () => endSessionsOf(ctx.handler, id.admin),
      id.admin,
      ADMIN_ONLY("sign out"),
    );
    await expectRefused(
      () => updateProfile(ctx.handler, id.admin, { role_ids: [roleIds.one] }),
      id.admin,
      ADMIN_ONLY("change the roles of"),
    );
    // Refused before the bytes are even looked at.
    await expectRefused(
      () => uploadAvatar(ctx.handler, id.admin, "not a file"),
      id.admin,
      ADMIN_ONLY("change the picture of"),
    );
  });

  it("cannot write notes on one, and the profile says why", async () => {
    await expectRefused(
      () =>
        createNote(ctx.handler, { noteable_id: id.admin, noteable_type: "users", comment: "x" }),
      id.admin,
      ADMIN_ONLY("write notes on"),
    );
    const profile = await getProfile(ctx.handler, id.admin);
    expect(profile.can).toEqual({
      edit: false,
      edit_roles: false,
      change_status: false,
      refusal: ADMIN_ONLY("change"),
    });
  });

  it("the users list marks administrators as beyond it", async () => {
    const page = await listUsers(ctx.handler, { perPage: 50 });
    const admin = page.items.find((u) => u.id === id.admin)!;
    expect(admin.can).toEqual({ manage: false, reason: ADMIN_ONLY("change") });
    expect(page.items.find((u) => u.id === id.worker)!.can).toEqual({
      manage: true,
      reason: null,
    });
  });
});

describe("crew handler vs project manager", () => {
  const beyond =
    /^You cannot (change|deactivate|delete|sign out) this account: it holds permissions you do not hold \(.+\)\.$/;

  it("cannot change, deactivate, delete or sign out a project manager", async () => {
    await expectRefused(
      () => updateProfile(ctx.handler, id.pm, { phone: "+4511223344" }),
      id.pm,
      beyond,
    );
    await expectRefused(
      () => changeUserStatus(ctx.handler, id.pm, { status: "deactivated", confirm: 1 }),
      id.pm,
      beyond,
    );
    await expectRefused(() => deleteUser(ctx.handler, id.pm, { confirm: 1 }), id.pm, beyond);
    await expectRefused(() => endSessionsOf(ctx.handler, id.pm), id.pm, beyond);
  });

  it("still manages workers: profile, skills and sign-out", async () => {
    await updateProfile(ctx.handler, id.worker, { phone: "+4599887766" });
    await setSkills(ctx.handler, { user_id: id.worker, skills: [] });
    const r = await endSessionsOf(ctx.handler, id.worker);
    expect(r.message).toBe("The user was signed out everywhere.");
  });

  it("cannot change the payment details of a worker holding rates it lacks", async () => {
    await expectRefused(
      () =>
        savePaymentSettings(ctx.handler, id.rateWorker, {
          iban: "DK5000400440116243",
          swift: "NDEADKKK",
        }),
      id.rateWorker,
      /^You cannot change the payment details of this account: it holds permissions you do not hold \(Client and worker rates of a job\)\.$/,
    );
    await savePaymentSettings(ctx.pm, id.rateWorker, {
      iban: "DK5000400440116243",
      swift: "NDEADKKK",
    });
  });

  it("is offered no role beyond its own permissions, and refused one by id", async () => {
    const offered = (await possibleRoles(ctx.handler)).map((r) => r.title);
    expect(offered).toContain(ROLE.worker);
    expect(offered).toContain("One Thing");
    for (const t of [ROLE.admin, ROLE.projectManager, ROLE.client, "Two Things", "Rates Reader"])
      expect(offered).not.toContain(t);
    const step = await appErrorOf(
      validateUserStep(ctx.handler, { role_id: roleIds.two, step: "account" }),
    );
    expect(step.status).toBe(403);
    expect(step.message).toBe(
      "You cannot grant the role Two Things: it holds permissions you do not hold (Client and worker rates of a job).",
    );
    await expectRefused(
      () =>
        createUserVerb(ctx.handler, {
          role_id: roleIds.rates,
          first_name: "Ria",
          last_name: "Rates",
          email: "ria.rates@example.test",
          password: "Crewdeck!2026",
        }),
      id.handler,
      /^You cannot grant the role Rates Reader/,
    );
    await expectRefused(
      () => updateProfile(ctx.handler, id.worker, { role_ids: [roleIds.rates] }),
      id.worker,
      /^You cannot grant the role Rates Reader/,
    );
  });
});

describe("project manager vs administrator", () => {
  it("cannot touch an administrator, nor grant the Administrator role", async () => {
    await expectRefused(
      () => updateProfile(ctx.pm, id.admin, { email: "pm-takeover@example.test" }),
      id.admin,
      ADMIN_ONLY("change the e-mail of"),
    );
    await expectRefused(
      () => changeUserStatus(ctx.pm, id.admin, { status: "deactivated", confirm: 1 }),
      id.admin,
      ADMIN_ONLY("deactivate"),
    );
    await expectRefused(
      () => deleteUser(ctx.pm, id.admin, { confirm: 1 }),
      id.admin,
      ADMIN_ONLY("delete"),
    );
    const [adminRole] = await db
      .select({ id: schema.roles.id })
      .from(schema.roles)
      .where(eq(schema.roles.title, ROLE.admin));
    await expectRefused(
      () => updateProfile(ctx.pm, id.worker, { role_ids: [adminRole.id] }),
      id.worker,
      "Only an administrator can grant the Administrator role.",
    );
    expect((await possibleRoles(ctx.pm)).map((r) => r.title)).not.toContain(ROLE.admin);
  });

  it("manages client contacts (booking covers requesting) and crew handlers", async () => {
    await updateProfile(ctx.pm, id.client, { phone: "+4512121212" });
    await updateProfile(ctx.pm, id.handler, { phone: "+4513131313" });
    expect((await possibleRoles(ctx.pm)).map((r) => r.title)).toContain(ROLE.client);
  });

  it("an administrator manages another administrator", async () => {
    await updateProfile(ctx.admin, id.otherAdmin, { phone: "+4514141414" });
  });
});

describe("a custom role with one permission vs a role with two", () => {
  it("one may not manage two", async () => {
    const why =
      /this account: it holds permissions you do not hold \(Client and worker rates of a job\)\.$/;
    await expectRefused(() => updateProfile(ctx.one, id.two, { first_name: "Two" }), id.two, why);
    await expectRefused(
      () => changeUserStatus(ctx.one, id.two, { status: "deactivated" }),
      id.two,
      why,
    );
    await expectRefused(() => deleteUser(ctx.one, id.two, {}), id.two, why);
    await expectRefused(() => endSessionsOf(ctx.one, id.two), id.two, why);
  });

  it("two may manage one", async () => {
    await updateProfile(ctx.two, id.one, { first_name: "One" });
    const r = await changeUserStatus(ctx.two, id.one, { status: "deactivated" });
    expect(r.status).toBe("deactivated");
    await changeUserStatus(ctx.admin, id.one, { status: "active" });
  });
});

describe("roles: built only from permissions one holds", () => {
  it("a role editor cannot widen or strip a role beyond itself, nor the Administrator role", async () => {
    const editorRole = await role("Role Editor", ["role_access", "user_create"]);
    const editor = await ctxFor(db, await userWithRoles([editorRole]));
    const [perm] = await db
      .select({ id: schema.permissions.id })
      .from(schema.permissions)
      .where(eq(schema.permissions.name, "user_create"));
    // Two Things holds rate_access, which the editor lacks: even removing it is refused.
    const strip = await appErrorOf(
      updateRole(editor, roleIds.two, { title: "Two Things", permission_ids: [perm.id] }),
    );
    expect(strip.status).toBe(403);
    expect(strip.message).toBe(
      "You can only give a role permissions you hold yourself (not Client and worker rates of a job).",
    );
    const held = await db
      .select({ n: count() })
      .from(schema.rolePermissions)
      .where(and(eq(schema.rolePermissions.roleId, roleIds.two)));
    expect(held[0].n).toBe(2);
    const [adminRole] = await db
      .select({ id: schema.roles.id })
      .from(schema.roles)
      .where(eq(schema.roles.title, ROLE.admin));
    const adm = await appErrorOf(updateRole(editor, adminRole.id, { title: ROLE.admin }));
    expect(adm.status).toBe(403);
    expect(adm.message).toBe("Only an administrator can change the Administrator role.");
    const made = await createRole(editor, { title: "Narrow One", permission_ids: [perm.id] });
    expect(made.permissions).toEqual(["user_create"]);
  });
});

describe("approving an applicant", () => {
  it("needs the rule too: an applicant holding more than the approver waits", async () => {
    const applicant = await createUser(db, { approved: false });
    await db.insert(schema.userRoles).values({ userId: applicant.id, roleId: roleIds.rates });
    await expectRefused(
      () => approveApplicant(ctx.handler, { applicant_id: applicant.id }),
      applicant.id,
      /^You cannot approve this account/,
    );
    await approveApplicant(ctx.pm, { applicant_id: applicant.id });
  });
});

describe("documents on behalf of a user", () => {
  it("a crew handler may not upload, review or delete the documents of one holding more", async () => {
    const [type] = await db
      .insert(schema.documentTypes)
      .values({ name: "Passport (manage)" })
      .returning({ id: schema.documentTypes.id });
    const [doc] = await db
      .insert(schema.documents)
      .values({
        userId: id.rateWorker,
        documentTypeId: type.id,
        fileName: "passport.pdf",
        storageKey: "documents/manage-test.pdf",
        mimeType: "application/pdf",
        sizeBytes: 10,
      })
      .returning({ id: schema.documents.id });
    const why = /^You cannot change the documents of this account: it holds permissions/;
    // Refused before the bytes are looked at.
    await expectRefused(
      () =>
        uploadDocument(ctx.handler, {
          user_id: id.rateWorker,
          document_type_id: type.id,
          file: "x",
        }),
      id.rateWorker,
      why,
    );
    await expectRefused(
      () => reviewDocument(ctx.handler, doc.id, { status: "approved", version: 1 }),
      id.rateWorker,
      why,
    );
    await expectRefused(() => deleteDocument(ctx.handler, doc.id), id.rateWorker, why);
    const pending = await listPendingDocuments(ctx.handler, {});
    expect(pending.items.find((r) => r.id === doc.id)?.refusal).toMatch(why);
    expect((await documentsOverview(ctx.handler, id.rateWorker)).refusal).toMatch(why);
    // The project manager holds what that worker holds.
    await reviewDocument(ctx.pm, doc.id, { status: "approved", version: 1 });
    expect((await documentsOverview(ctx.pm, id.rateWorker)).refusal).toBeNull();
  });
});
