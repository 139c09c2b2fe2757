import { describe, expect, it } from "vitest";
import { DEFAULT_ROLE_PERMISSIONS, ROLE } from "./permissions";
import {
  PROFILE_TABS,
  canEditProfile,
  canEditRoles,
  canViewProfile,
  canViewTab,
  isProfileTab,
  mayUseTab,
  visibleTabs,
  type ProfileSubject,
  type ProfileTab,
  type ProfileViewer,
} from "./profile-tabs";

const perms = (role: keyof typeof DEFAULT_ROLE_PERMISSIONS) =>
  new Set<string>(DEFAULT_ROLE_PERMISSIONS[role]);

const WORKER: ProfileSubject = { id: 10, companyId: null, isWorker: true, isClientContact: false };
const CONTACT: ProfileSubject = { id: 20, companyId: 5, isWorker: false, isClientContact: true };

const viewers = {
  selfWorker: { userId: 10, permissions: perms(ROLE.worker), isClient: false, companyId: null },
  selfContact: { userId: 20, permissions: perms(ROLE.client), isClient: true, companyId: 5 },
  admin: { userId: 1, permissions: perms(ROLE.admin), isClient: false, companyId: null },
  crewHandler: {
    userId: 2,
    permissions: perms(ROLE.crewHandler),
    isClient: false,
    companyId: null,
  },
  colSame: { userId: 21, permissions: perms(ROLE.client), isClient: true, companyId: 5 },
  colOther: { userId: 31, permissions: perms(ROLE.client), isClient: true, companyId: 6 },
  otherWorker: { userId: 11, permissions: perms(ROLE.worker), isClient: false, companyId: null },
} satisfies Record<string, ProfileViewer>;

type Row = [ProfileTab, ...boolean[]];

// Worker profile; columns: self, admin, crew handler, COL (another company), another worker.
const WORKER_TABLE: Row[] = [
  ["personal", true, true, true, false, false],
  ["settings", true, true, true, false, false],
  ["payment", true, true, true, false, false],
  ["notes", false, true, true, false, false],
  ["my-skills", true, true, true, false, false],
  ["my-documents", true, true, true, false, false],
  ["user-activities", false, true, true, false, false],
  ["about-company", false, false, false, false, false],
  ["invited-users", true, true, false, false, false],
  ["user-calendar", true, true, true, false, false],
  ["user-security", true, false, false, false, false],
];
const WORKER_VIEWERS = [
  viewers.selfWorker,
  viewers.admin,
  viewers.crewHandler,
  viewers.colOther,
  viewers.otherWorker,
];

// Client contact's profile; columns: self, admin, crew handler, COL same company, COL another
// company, a worker.
const CONTACT_TABLE: Row[] = [
  ["personal", true, true, true, true, false, false],
  ["settings", true, true, true, false, false, false],
  ["payment", false, false, false, false, false, false],
  ["notes", false, true, true, false, false, false],
  ["my-skills", false, false, false, false, false, false],
  ["my-documents", false, false, false, false, false, false],
  ["user-activities", false, true, true, false, false, false],
  ["about-company", true, true, true, true, false, false],
  ["invited-users", true, true, false, false, false, false],
  ["user-calendar", false, false, false, false, false, false],
  ["user-security", true, false, false, false, false, false],
];
const CONTACT_VIEWERS = [
  viewers.selfContact,
  viewers.admin,
  viewers.crewHandler,
  viewers.colSame,
  viewers.colOther,
  viewers.otherWorker,
];

describe("canViewTab", () => {
  it("the tables cover every tab", () => {
    expect(WORKER_TABLE.map((r) => r[0])).toEqual([...PROFILE_TABS]);
    expect(CONTACT_TABLE.map((r) => r[0])).toEqual([...PROFILE_TABS]);
  });

  it.each(WORKER_TABLE)("a worker's %s tab", (tab, ...expected) => {
    expect(WORKER_VIEWERS.map((v) => canViewTab(tab, v, WORKER))).toEqual(expected);
  });

  it.each(CONTACT_TABLE)("a client contact's %s tab", (tab, ...expected) => {
    expect(CONTACT_VIEWERS.map((v) => canViewTab(tab, v, CONTACT))).toEqual(expected);
  });

  it("invited-users follows can_view_all_referred_users_lists", () => {
    const ch = {
      ...viewers.crewHandler,
      permissions: new Set([
        ...viewers.crewHandler.permissions,
        "can_view_all_referred_users_lists",
      ]),
    };
    expect(canViewTab("invited-users", ch, WORKER)).toBe(true);
  });
});

describe("canViewProfile", () => {
  it("oneself, the office, a COL its own company; nobody else", () => {
    expect(canViewProfile(viewers.selfWorker, WORKER)).toBe(true);
    expect(canViewProfile(viewers.admin, WORKER)).toBe(true);
    expect(canViewProfile(viewers.crewHandler, CONTACT)).toBe(true);
    expect(canViewProfile(viewers.colSame, CONTACT)).toBe(true);
    expect(canViewProfile(viewers.colOther, CONTACT)).toBe(false);
    expect(canViewProfile(viewers.colSame, WORKER)).toBe(false);
    expect(canViewProfile(viewers.otherWorker, WORKER)).toBe(false);
  });

  it("a COL without a company sees only itself", () => {
    const lone = { ...viewers.colSame, companyId: null };
    expect(canViewProfile(lone, { ...WORKER, companyId: null })).toBe(false);
  });
});

describe("visibleTabs", () => {
  it("lists only built tabs, in order", () => {
    expect(visibleTabs(viewers.selfWorker, WORKER)).toEqual([
      "personal",
      "settings",
      "payment",
      "my-skills",
      "my-documents",
      "invited-users",
      "user-calendar",
      "user-security",
    ]);
    expect(visibleTabs(viewers.admin, WORKER)).toEqual([
      "personal",
      "settings",
      "payment",
      "notes",
      "my-skills",
      "my-documents",
      "user-activities",
      "invited-users",
      "user-calendar",
    ]);
    expect(visibleTabs(viewers.colSame, CONTACT)).toEqual(["personal", "about-company"]);
    expect(visibleTabs(viewers.otherWorker, WORKER)).toEqual([]);
  });

  it("isProfileTab knows the tab names", () => {
    expect(isProfileTab("payment")).toBe(true);
    expect(isProfileTab("passwords")).toBe(false);
  });
});

describe("canEditProfile and canEditRoles", () => {
  it("oneself and user creators edit; a COL and another worker do not", () => {
    expect(canEditProfile(viewers.selfWorker, WORKER)).toBe(true);
    expect(canEditProfile(viewers.admin, WORKER)).toBe(true);
    expect(canEditProfile(viewers.crewHandler, WORKER)).toBe(true);
    expect(canEditProfile(viewers.colSame, CONTACT)).toBe(false);
    expect(canEditProfile(viewers.otherWorker, WORKER)).toBe(false);
  });

  it("roles: user creators on others only", () => {
    expect(canEditRoles(viewers.admin, WORKER)).toBe(true);
    expect(canEditRoles(viewers.crewHandler, CONTACT)).toBe(true);
    expect(canEditRoles(viewers.admin, { ...WORKER, id: 1 })).toBe(false);
    expect(canEditRoles(viewers.selfWorker, WORKER)).toBe(false);
    expect(canEditRoles(viewers.colSame, CONTACT)).toBe(false);
  });
});

describe("mayUseTab: whether a caller could use a tab's verbs on anyone (issue 27)", () => {
  it("a worker on its own skills, documents and payment; the office on anyone's; a client contact on none", () => {
    for (const tab of ["my-skills", "my-documents", "payment"] as const) {
      expect(mayUseTab(tab, viewers.selfWorker, true), tab).toBe(true);
      expect(mayUseTab(tab, viewers.crewHandler, false), tab).toBe(true);
      expect(mayUseTab(tab, viewers.admin, true), tab).toBe(true);
      expect(mayUseTab(tab, viewers.selfContact, false), tab).toBe(false);
    }
  });
  it("the payment tab is the user creators' only: an office member without user_create may not", () => {
    const noCreate = {
      ...viewers.crewHandler,
      permissions: new Set([...viewers.crewHandler.permissions].filter((p) => p !== "user_create")),
    };
    expect(mayUseTab("payment", noCreate, false)).toBe(false);
    expect(mayUseTab("my-skills", noCreate, false)).toBe(true);
  });
});
