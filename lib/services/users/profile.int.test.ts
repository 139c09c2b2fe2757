import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { roleId } from "@/seed/reference";
import { ROLE } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { appErrorOf } from "@/lib/testing/app-error";
import { getProfile, getProfileCompany } from "./profile";
import { DATA_UPDATED, updateOwnProfile, updateProfile } from "./profile-update";
import { getPaymentSettings, savePaymentSettings, unpaidEarnings } from "./payment";
import { profileCast, type Cast } from "./profile.test-support";

let handle: DbHandle;
let db: Db;
let c: Cast;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  c = await profileCast(db);
});
afterAll(async () => {
  await handle?.close();
});

const activity = (userId: number, description: string) =>
  db
    .select()
    .from(schema.activityLog)
    .where(
      and(
        eq(schema.activityLog.subjectId, userId),
        eq(schema.activityLog.subjectType, "users"),
        eq(schema.activityLog.description, description),
      ),
    );

describe("GET users/{id}", () => {
  it("self, admin, PM and crew handler see a worker's profile with its tabs", async () => {
    const w = c.users.worker.id;
    const self = await getProfile(c.ctx.worker, w);
    expect(self).toMatchObject({ id: w, name: "Will Worker", is_worker: true, avatar_url: null });
    expect(self.tabs).toEqual([
      "personal",
      "settings",
      "payment",
      "my-skills",
      "my-documents",
      "invited-users",
      "user-calendar",
      "user-security",
    ]);
    expect(self.can).toEqual({
      edit: true,
      edit_roles: false,
      change_status: false,
      refusal: null,
    });
    for (const k of ["admin", "pm", "handler"] as const) {
      const p = await getProfile(c.ctx[k], w);
      expect(p.id).toBe(w);
      expect(p.tabs).toContain("notes");
      expect(p.tabs).toContain("user-calendar");
      expect(p.can.edit_roles).toBe(true);
      expect(p.can.change_status).toBe(true);
    }
    expect(self.notification_prefs).toMatchObject({ hours_approved: false, booking_changes: true });
  });

  it("tells workers and client contacts apart by their own roles", async () => {
    const col = await getProfile(c.ctx.admin, c.users.colA2.id);
    expect([col.is_worker, col.is_client_contact]).toEqual([false, true]);
    expect(col.tabs).toEqual([
      "personal",
      "settings",
      "notes",
      "user-activities",
      "about-company",
      "invited-users",
    ]);
    // An administrator holds my_dashboard_access by rule, yet is no worker.
    const admin = await getProfile(c.ctx.pm, c.users.admin.id);
    expect([admin.is_worker, admin.tabs.includes("payment")]).toEqual([false, false]);
    const pm = await getProfile(c.ctx.admin, c.users.pm.id);
    expect([pm.is_worker, pm.is_client_contact]).toEqual([false, false]);
    expect(pm.tabs).not.toContain("payment");
    const w = await getProfile(c.ctx.admin, c.users.other.id);
    expect([w.is_worker, w.is_client_contact]).toEqual([true, false]);
  });

  it("a COL sees its company's users; another company's, or a worker, are 404", async () => {
    const p = await getProfile(c.ctx.colA, c.users.colA2.id);
    expect(p.company).toEqual({ id: c.companyA.id, name: "Alpha Events" });
    expect(p.tabs).toEqual(["personal", "about-company"]);
    expect(p.can.edit).toBe(false);
    for (const id of [c.users.colB.id, c.users.worker.id]) {
      const err = await appErrorOf(getProfile(c.ctx.colA, id));
      expect([err.status, err.message]).toEqual([404, "User not found."]);
    }
  });

  it("a worker opening another user, or a bad or unknown id, gets 404", async () => {
    for (const id of [c.users.other.id, c.users.admin.id, 0, "abc", 99999999999, 2147483000]) {
      const err = await appErrorOf(getProfile(c.ctx.worker, id));
      expect(err.status).toBe(404);
    }
  });

  it("about-company shows a COL's company to the office and its colleagues only", async () => {
    await db
      .update(schema.companies)
      .set({ taxId: "DK11223344", foodPolicy: "Hot lunch for crew" })
      .where(eq(schema.companies.id, c.companyA.id));
    const company = await getProfileCompany(c.ctx.colA2, c.users.colA.id);
    expect(company).toMatchObject({
      name: "Alpha Events",
      tax_id: "DK11223344",
      food_policy: "Hot lunch for crew",
    });
    expect((await getProfileCompany(c.ctx.handler, c.users.colA.id)).name).toBe("Alpha Events");
    expect((await appErrorOf(getProfileCompany(c.ctx.colB, c.users.colA.id))).status).toBe(404);
    expect((await appErrorOf(getProfileCompany(c.ctx.admin, c.users.worker.id))).status).toBe(404);
  });
});

describe("PUT users/{id} and POST update_user", () => {
  it("a worker updates its own personal data with update_user", async () => {
    const res = await updateOwnProfile(c.ctx.worker, {
      first_name: " Will ",
      last_name: "Workman",
      phone: "+45 20 30 40 50",
      city: "Aarhus",
      birth_date: "1994-05-17",
      language_ids: [c.language.id],
      branch_ids: [c.branch.id],
      notification_prefs: { hours_approved: true },
    });
    expect(res).toEqual({ id: c.users.worker.id, message: DATA_UPDATED });
    expect(DATA_UPDATED).toBe("Data updated successfully!");
    const p = await getProfile(c.ctx.worker, c.users.worker.id);
    expect(p).toMatchObject({
      name: "Will Workman",
      first_name: "Will",
      phone: "+45 20 30 40 50",
      city: "Aarhus",
      birth_date: "1994-05-17",
      languages: [{ id: c.language.id, name: c.language.name }],
      branches: [{ id: c.branch.id, name: c.branch.name }],
    });
    expect(p.notification_prefs.hours_approved).toBe(true);
    const logged = await activity(c.users.worker.id, "Profile updated");
    expect(logged).not.toHaveLength(0);
    // An empty update is answered the same but writes and logs nothing.
    expect(await updateOwnProfile(c.ctx.worker, {})).toEqual({
      id: c.users.worker.id,
      message: DATA_UPDATED,
    });
    expect(await activity(c.users.worker.id, "Profile updated")).toHaveLength(logged.length);
  });

  it("answers 422 per field and writes nothing", async () => {
    const err = await appErrorOf(
      updateProfile(c.ctx.admin, c.users.other.id, {
        first_name: "",
        email: "not-an-email",
        phone: "call me",
        birth_date: "2199-01-01",
        branch_ids: [2147483000],
      }),
    );
    expect(err.status).toBe(422);
    expect(err.errors).toMatchObject({
      first_name: ["The first name field is required."],
      email: ["The email must be a valid email address."],
      phone: ["The phone must be a valid phone number."],
    });
    const future = await appErrorOf(
      updateProfile(c.ctx.admin, c.users.other.id, {
        birth_date: "2199-01-01",
        branch_ids: [2147483000],
      }),
    );
    expect(future.errors).toEqual({
      birth_date: ["The birth date must be a date in the past."],
      branch_ids: ["The selected branch_ids is invalid."],
    });
    const taken = await appErrorOf(
      updateProfile(c.ctx.admin, c.users.other.id, { email: c.users.admin.email.toUpperCase() }),
    );
    expect(taken.errors).toEqual({ email: ["The email has already been taken."] });
    const unknown = await appErrorOf(
      updateProfile(c.ctx.admin, c.users.other.id, { is_admin: true }),
    );
    expect(unknown.status).toBe(422);
    const [u] = await db.select().from(schema.users).where(eq(schema.users.id, c.users.other.id));
    expect(u.name).toBe("Olga Other");
  });

  it("another worker gets 404, a COL on its colleague 403, a COL on another company 404", async () => {
    expect(
      (await appErrorOf(updateProfile(c.ctx.other, c.users.worker.id, { city: "X" }))).status,
    ).toBe(404);
    expect(
      (await appErrorOf(updateProfile(c.ctx.colA, c.users.colA2.id, { city: "X" }))).status,
    ).toBe(403);
    expect(
      (await appErrorOf(updateProfile(c.ctx.colA, c.users.colB.id, { city: "X" }))).status,
    ).toBe(404);
    // A COL edits itself.
    await expect(
      updateProfile(c.ctx.colA, c.users.colA.id, { city: "Odense" }),
    ).resolves.toMatchObject({
      message: DATA_UPDATED,
    });
  });

  it("roles: a user creator sets others' roles; never its own; only an admin grants Administrator", async () => {
    const [pmRole, handlerRole, adminRole] = await Promise.all([
      roleId(db, ROLE.projectManager),
      roleId(db, ROLE.crewHandler),
      roleId(db, ROLE.admin),
    ]);
    await updateProfile(c.ctx.handler, c.users.other.id, { role_ids: [handlerRole] });
    expect((await getProfile(c.ctx.admin, c.users.other.id)).roles.map((r) => r.title)).toEqual([
      ROLE.crewHandler,
    ]);
    const own = await appErrorOf(
      updateProfile(c.ctx.pm, c.users.pm.id, { role_ids: [pmRole, adminRole] }),
    );
    expect([own.status, own.message]).toEqual([403, "You cannot change your own roles."]);
    const grant = await appErrorOf(
      updateProfile(c.ctx.pm, c.users.other.id, { role_ids: [adminRole] }),
    );
    expect(grant.status).toBe(403);
    const byWorker = await appErrorOf(updateOwnProfile(c.ctx.worker, { role_ids: [adminRole] }));
    expect(byWorker.status).toBe(403);
    await updateProfile(c.ctx.admin, c.users.other.id, { role_ids: [adminRole] });
    const revoke = await appErrorOf(
      updateProfile(c.ctx.pm, c.users.other.id, { role_ids: [pmRole] }),
    );
    expect(revoke.status).toBe(403);
    await updateProfile(c.ctx.admin, c.users.other.id, {
      role_ids: [await roleId(db, ROLE.worker)],
    });
  });
});

const IBAN = "DK50 0040 0440 1162 43";

describe("payment-information", () => {
  it("the worker saves a valid IBAN; it is stored electronically and shown grouped", async () => {
    const res = await savePaymentSettings(c.ctx.worker, c.users.worker.id, {
      iban: IBAN.toLowerCase(),
      swift: "DABADKKK",
      has_tax_id: "1",
      tax_id: "DK12345678",
    });
    expect(res).toMatchObject({
      iban: IBAN,
      swift: "DABADKKK",
      tax_id: "DK12345678",
      message: DATA_UPDATED,
    });
    const [row] = await db
      .select()
      .from(schema.paymentSettings)
      .where(eq(schema.paymentSettings.userId, c.users.worker.id));
    expect(row.iban).toBe("DK5000400440116243");
    const [log] = await activity(c.users.worker.id, "Payment settings updated");
    expect(JSON.stringify(log.properties)).not.toContain("0440116243");
  });

  it("a bad IBAN is 422 on the field and writes nothing", async () => {
    const err = await appErrorOf(
      savePaymentSettings(c.ctx.worker, c.users.worker.id, {
        iban: "DK51 0040 0440 1162 43",
        swift: "DABADKKK",
      }),
    );
    expect(err.status).toBe(422);
    expect(Object.keys(err.errors ?? {})).toEqual(["iban"]);
    expect((await getPaymentSettings(c.ctx.worker, c.users.worker.id)).iban).toBe(IBAN);
  });

  it("user creators see it in full; GET users/{id} masks it; others get 404", async () => {
    expect((await getPaymentSettings(c.ctx.handler, c.users.worker.id)).iban).toBe(IBAN);
    const profile = await getProfile(c.ctx.admin, c.users.worker.id);
    expect(profile.payment_settings).toMatchObject({
      iban: "DK50 •••• •••• 6243",
      tax_id: "•••• 5678",
    });
    for (const k of ["other", "colA"] as const) {
      expect((await appErrorOf(getPaymentSettings(c.ctx[k], c.users.worker.id))).status).toBe(404);
      expect(
        (
          await appErrorOf(
            savePaymentSettings(c.ctx[k], c.users.worker.id, { iban: IBAN, swift: "DABADKKK" }),
          )
        ).status,
      ).toBe(404);
    }
  });

  it("a Danish bank takes reg and konto; invoicing sets users.issues_invoice", async () => {
    const res = await savePaymentSettings(c.ctx.admin, c.users.worker.id, {
      has_danish_bank: true,
      reg: "3409",
      konto: "12345678",
      issues_invoice: true,
      company_name: "Will Crew ApS",
    });
    expect(res).toMatchObject({
      has_danish_bank: true,
      reg: "3409",
      konto: "12345678",
      iban: null,
      issues_invoice: true,
    });
    const bad = await appErrorOf(
      savePaymentSettings(c.ctx.admin, c.users.worker.id, {
        has_danish_bank: true,
        reg: "34",
        konto: "x",
      }),
    );
    expect(Object.keys(bad.errors ?? {})).toEqual(["reg", "konto"]);
  });
});

describe("GET statistics/unpaid-earnings", () => {
  it("is zero without approved hours; self and user creators only", async () => {
    expect(
      await unpaidEarnings(c.ctx.worker, { user_id: String(c.users.worker.id) }),
    ).toMatchObject({
      minutes: 0,
      shifts: 0,
      amount: null,
    });
    expect((await unpaidEarnings(c.ctx.pm, { user_id: c.users.worker.id })).shifts).toBe(0);
    expect(
      (await appErrorOf(unpaidEarnings(c.ctx.other, { user_id: c.users.worker.id }))).status,
    ).toBe(404);
    expect(
      (await appErrorOf(unpaidEarnings(c.ctx.colA, { user_id: c.users.worker.id }))).status,
    ).toBe(404);
    expect((await appErrorOf(unpaidEarnings(c.ctx.worker, {}))).status).toBe(422);
  });
});
