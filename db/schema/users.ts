import {
  AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt, id, tstz, updatedAt } from "./_columns";
import { branches, countries, languages, levels, skills } from "./org";
import { companies, venues } from "./clients";

export const userStatus = pgEnum("user_status", ["active", "deactivated"]);

export const users = pgTable(
  "users",
  {
    id: id(),
    /** Stored lower-case; unique among all users, archived ones included. */
    email: text().notNull(),
    name: text().notNull(),
    firstName: text(),
    lastName: text(),
    phone: text(),
    passwordHash: text().notNull(),
    status: userStatus().notNull().default("active"),
    approved: boolean().notNull().default(false),
    /** When and by whom an applicant was approved (GET applicants/recently-promoted). */
    approvedAt: tstz(),
    approvedById: integer().references((): AnyPgColumn => users.id),
    companyId: integer().references((): AnyPgColumn => companies.id),
    countryId: integer().references(() => countries.id),
    invitedById: integer().references((): AnyPgColumn => users.id),
    avatarKey: text(),
    address: text(),
    city: text(),
    zip: text(),
    birthDate: text(),
    nationality: text(),
    issuesInvoice: boolean().notNull().default(false),
    /** What the user wants to be told by e-mail; keys in lib/domain/notification-prefs.ts. */
    notificationPrefs: jsonb().$type<Record<string, boolean>>().notNull().default({}),
    /** When the user accepted the privacy notice (self-registration). */
    privacyAcceptedAt: tstz(),
    emailVerifiedAt: tstz(),
    lastLoginAt: tstz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: tstz(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    index().on(t.companyId),
    index().on(t.status, t.approved),
    // Users by lower(name), ties by id, with what the lists filter on: the user list's page (live,
    // active) and the salary overview's (workers of a period) are index-only walks, so a deep
    // page (offset 10,000) passes index entries, not heap rows. `name` is a key column after
    // the unique id (never a tiebreak) because PostgreSQL reads lower(name) from an index only
    // when it holds name itself (issue 27).
    index("users_name_lower_idx").on(sql`lower(${t.name})`, t.id, t.name, t.status, t.deletedAt),
    // The archived users (few): lists of other tables leave out their rows by one hashed look-up
    // of these ids instead of probing users for every row they pass (the office's documents).
    index("users_archived_idx")
      .on(t.id)
      .where(sql`${t.deletedAt} is not null`),
    // The user list's count of live users (issue 27: an index-only scan, not the whole table).
    index("users_live_status_idx")
      .on(t.status)
      .where(sql`${t.deletedAt} is null`),
    // Lists of live users by name (the bookable users): the page stops at its LIMIT instead of
    // sorting every match (issue 27).
    index("users_live_name_idx")
      .on(t.name, t.id)
      .where(sql`${t.deletedAt} is null`),
    // statistics/users: users created in a range, live, with the company filter, index-only.
    index("users_live_created_at_idx")
      .on(t.createdAt, t.companyId, t.id)
      .where(sql`${t.deletedAt} is null`),
    index().on(t.lastName, t.firstName),
    index().on(t.invitedById),
    index().on(t.approvedAt),
    // Users created per day or month (GET statistics/users).
    index().on(t.createdAt),
  ],
);

export const roles = pgTable("roles", {
  id: id(),
  title: text().notNull().unique(),
  description: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const permissions = pgTable("permissions", {
  id: id(),
  name: text().notNull().unique(),
  description: text(),
  createdAt: createdAt(),
});

export const rolePermissions = pgTable(
  "role_permissions",
  {
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    permissionId: integer()
      .notNull()
      .references(() => permissions.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const userRoles = pgTable(
  "user_roles",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index().on(t.roleId)],
);

/** Bearer tokens of the REST API; only a SHA-256 hash of the token is stored. */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    name: text().notNull().default("api"),
    userAgent: text(),
    expiresAt: tstz().notNull(),
    revokedAt: tstz(),
    lastUsedAt: tstz(),
    /** Per-token rate limit: calls counted in the minute that started at callWindowStartedAt. */
    callWindowStartedAt: tstz(),
    callsInWindow: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("api_tokens_hash_unique").on(t.tokenHash), index().on(t.userId)],
);

/**
 * A browser session (next-auth JWT). The JWT carries the session's random id (`sid`); the
 * row lets a user list and end its sessions, and lets a password change or reset end every
 * other one at once: the actor is loaded only while the row is live.
 */
export const userSessions = pgTable(
  "user_sessions",
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the JWT's sid. */
    sidHash: text().notNull(),
    userAgent: text(),
    ip: text(),
    expiresAt: tstz().notNull(),
    revokedAt: tstz(),
    lastSeenAt: tstz(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("user_sessions_sid_unique").on(t.sidHash), index().on(t.userId)],
);

/** "Remember this device": lets a device skip the second factor until it expires. */
export const rememberTokens = pgTable(
  "remember_tokens",
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    /** The browser it was issued to, so the user can tell its remembered devices apart. */
    userAgent: text(),
    expiresAt: tstz().notNull(),
    lastUsedAt: tstz(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("remember_tokens_hash_unique").on(t.tokenHash), index().on(t.userId)],
);

/** TOTP secret; pending until the first code is confirmed (enabledAt set). */
export const totpSecrets = pgTable("totp_secrets", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text().notNull(),
  enabledAt: tstz(),
  /** The 30-second step of the last accepted code: a code is accepted once (no replay). */
  lastUsedStep: integer(),
  createdAt: createdAt(),
});

/** Single-use sign-in tickets already redeemed (by their jti), until they expire anyway. */
export const redeemedTickets = pgTable("redeemed_tickets", {
  jti: text().primaryKey(),
  expiresAt: tstz().notNull(),
  createdAt: createdAt(),
});

export const passwordResets = pgTable(
  "password_resets",
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    expiresAt: tstz().notNull(),
    usedAt: tstz(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("password_resets_hash_unique").on(t.tokenHash), index().on(t.userId)],
);

export const emailVerifications = pgTable(
  "email_verifications",
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    expiresAt: tstz().notNull(),
    verifiedAt: tstz(),
    /**
     * A change of address: the address this link confirms (null: a registration's check of the
     * address the user signed up with), the address it replaces, and the hash of the link the
     * old address gets to report a change it did not ask for.
     */
    newEmail: text(),
    oldEmail: text(),
    reportTokenHash: text(),
    reportedAt: tstz(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_verifications_hash_unique").on(t.tokenHash),
    uniqueIndex("email_verifications_report_hash_unique").on(t.reportTokenHash),
    index().on(t.userId),
  ],
);

/**
 * Failed and successful sign-in attempts, keyed by "email:<address>" or "ip:<address>".
 * Kept in the database so the rate limit holds across app instances.
 */
export const authAttempts = pgTable(
  "auth_attempts",
  {
    id: id(),
    key: text().notNull(),
    action: text().notNull().default("login"),
    succeeded: boolean().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.key, t.action, t.createdAt)],
);

export const userSkills = pgTable(
  "user_skills",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    skillId: integer()
      .notNull()
      .references(() => skills.id, { onDelete: "cascade" }),
    levelId: integer().references(() => levels.id),
    /** Years of experience in the skill. */
    experience: integer(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.skillId] }), index().on(t.skillId)],
);

export const userBranches = pgTable(
  "user_branches",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.branchId] }), index().on(t.branchId)],
);

export const userLanguages = pgTable(
  "user_languages",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    languageId: integer()
      .notNull()
      .references(() => languages.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.languageId] })],
);

export const paymentSettings = pgTable("payment_settings", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  companyName: text(),
  hasDanishBank: boolean().notNull().default(false),
  hasTaxId: boolean().notNull().default(false),
  iban: text(),
  konto: text(),
  reg: text(),
  socialSecurity: text(),
  swift: text(),
  taxCard: text(),
  taxId: text(),
  updatedAt: updatedAt(),
});

/** Branches a user prefers to work from or book for (profile settings tab). */
export const userPreferredBranches = pgTable(
  "user_preferred_branches",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.branchId] })],
);

/** Venues a user prefers (profile settings tab). */
export const userPreferredVenues = pgTable(
  "user_preferred_venues",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    venueId: integer()
      .notNull()
      .references(() => venues.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.venueId] })],
);
