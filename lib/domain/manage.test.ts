import { describe, expect, it } from "vitest";
import {
  mayBuildRole,
  mayGrant,
  mayManage,
  permissionsBeyond,
  type Holder,
  type ManageAction,
} from "./manage";
import { DEFAULT_ROLE_PERMISSIONS, ROLE, type RoleTitle } from "./permissions";

let nextId = 1;
const holder = (title: RoleTitle): Holder => ({
  userId: nextId++,
  isAdmin: title === ROLE.admin,
  permissions: new Set(DEFAULT_ROLE_PERMISSIONS[title]),
});
const custom = (...permissions: string[]): Holder => ({
  userId: nextId++,
  isAdmin: false,
  permissions: new Set(permissions),
});

const admin = holder(ROLE.admin);
const otherAdmin = holder(ROLE.admin);
const pm = holder(ROLE.projectManager);
const handler = holder(ROLE.crewHandler);
const client = holder(ROLE.client);
const worker = holder(ROLE.worker);
const one = custom("user_create");
const two = custom("user_create", "rate_access");
// A custom role holding every permission is still no administrator.
const everything = custom(...DEFAULT_ROLE_PERMISSIONS[ROLE.admin]);

const ACTIONS: ManageAction[] = [
  "change",
  "deactivate",
  "activate",
  "delete",
  "change the roles of",
  "change the e-mail of",
  "change the payment details of",
  "change the documents of",
  "change the picture of",
  "write notes on",
  "sign out",
  "approve",
];

// actor, target, allowed: the same answer for every action (the action only names the refusal).
const TABLE: [string, Holder, Holder, boolean][] = [
  ["administrator → administrator", admin, otherAdmin, true],
  ["administrator → project manager", admin, pm, true],
  ["administrator → worker", admin, worker, true],
  ["project manager → administrator", pm, admin, false],
  ["project manager → crew handler", pm, handler, true],
  ["project manager → client contact (booking covers requesting)", pm, client, true],
  ["project manager → worker (a worker's dashboard is personal)", pm, worker, true],
  ["project manager → project manager", pm, holder(ROLE.projectManager), true],
  ["crew handler → administrator", handler, admin, false],
  ["crew handler → project manager", handler, pm, false],
  ["crew handler → client contact (creates jobs)", handler, client, false],
  ["crew handler → worker", handler, worker, true],
  ["crew handler → crew handler", handler, holder(ROLE.crewHandler), true],
  ["one permission → two permissions", one, two, false],
  ["two permissions → one permission", two, one, true],
  ["one permission → the same one", one, custom("user_create"), true],
  ["every permission, no admin role → administrator", everything, admin, false],
  ["every permission, no admin role → project manager", everything, pm, true],
  ["worker → crew handler", worker, handler, false],
];

describe("mayManage: actor × target × action", () => {
  for (const [name, actor, target, allowed] of TABLE) {
    for (const action of ACTIONS) {
      it(`${name}: ${action} → ${allowed ? "allowed" : "refused"}`, () => {
        const verdict = mayManage(actor, target, action);
        expect(verdict.allowed).toBe(allowed);
        if (!verdict.allowed) expect(verdict.reason).toContain(action);
      });
    }
  }

  it("says why: nobody but an administrator touches an administrator", () => {
    expect(mayManage(handler, admin)).toEqual({
      allowed: false,
      reason: "Only an administrator can change an administrator's account.",
      missing: [],
    });
    expect(mayManage(pm, admin, "deactivate")).toMatchObject({
      reason: "Only an administrator can deactivate an administrator's account.",
    });
  });

  it("names what the target holds beyond the actor, by the catalogue's labels", () => {
    const verdict = mayManage(one, two, "delete");
    expect(verdict).toEqual({
      allowed: false,
      reason:
        "You cannot delete this account: it holds permissions you do not hold (Client and worker rates of a job).",
      missing: ["rate_access"],
    });
    const many = mayManage(handler, pm);
    expect(many.allowed).toBe(false);
    if (!many.allowed) {
      expect(many.missing).toContain("rate_access");
      expect(many.reason).toMatch(/and \d+ more\)\.$/);
    }
  });

  it("one's own account is not this rule's business", () => {
    expect(mayManage(worker, worker, "change the e-mail of").allowed).toBe(true);
    expect(mayManage(handler, handler, "delete").allowed).toBe(true);
  });

  it("a custom permission outside the code counts by its name", () => {
    const verdict = mayManage(one, custom("user_create", "payroll_export"));
    expect(verdict).toMatchObject({ allowed: false, missing: ["payroll_export"] });
    if (!verdict.allowed) expect(verdict.reason).toContain("(payroll_export)");
  });
});

describe("mayGrant and mayBuildRole", () => {
  const role = (title: RoleTitle) => ({
    title,
    isAdmin: title === ROLE.admin,
    permissions: DEFAULT_ROLE_PERMISSIONS[title],
  });

  it("the Administrator role only an administrator gives", () => {
    expect(mayGrant(admin, role(ROLE.admin)).allowed).toBe(true);
    expect(mayGrant(pm, role(ROLE.admin))).toMatchObject({
      allowed: false,
      reason: "Only an administrator can grant the Administrator role.",
    });
    expect(mayGrant(everything, role(ROLE.admin)).allowed).toBe(false);
  });

  it("any other role only with permissions the actor holds", () => {
    expect(mayGrant(pm, role(ROLE.crewHandler)).allowed).toBe(true);
    expect(mayGrant(pm, role(ROLE.worker)).allowed).toBe(true);
    expect(mayGrant(pm, role(ROLE.client)).allowed).toBe(true);
    expect(mayGrant(handler, role(ROLE.worker)).allowed).toBe(true);
    expect(mayGrant(handler, role(ROLE.client)).allowed).toBe(false);
    expect(mayGrant(handler, role(ROLE.projectManager))).toMatchObject({
      allowed: false,
      reason: expect.stringMatching(/^You cannot grant the role Project Manager: it holds/),
    });
    expect(
      mayGrant(handler, { title: "Rates", isAdmin: false, permissions: ["rate_access"] }),
    ).toMatchObject({
      allowed: false,
      missing: ["rate_access"],
      reason:
        "You cannot grant the role Rates: it holds permissions you do not hold (Client and worker rates of a job).",
    });
  });

  it("building a role: only permissions one holds, personal ones aside", () => {
    expect(mayBuildRole(handler, ["job_view", "my_dashboard_access"]).allowed).toBe(true);
    expect(mayBuildRole(handler, ["job_view", "salary_access"])).toMatchObject({
      allowed: false,
      missing: ["salary_access"],
    });
    expect(mayBuildRole(admin, ["salary_access"]).allowed).toBe(true);
  });

  it("permissionsBeyond: personal permissions and stronger ones held do not count", () => {
    expect(permissionsBeyond(handler, ["my_dashboard_access"])).toEqual([]);
    expect(permissionsBeyond(handler, ["can_request_worker"])).toEqual([]);
    expect(permissionsBeyond(one, ["can_request_worker", "job_create"])).toEqual([
      "can_request_worker",
      "job_create",
    ]);
  });
});
