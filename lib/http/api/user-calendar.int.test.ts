import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { sha256 } from "@/lib/auth/secret";
import { LIMITS } from "@/lib/services/auth/rate-limit";
import { FEED_IS_OFF, readFeed } from "@/lib/services/user-calendar";
import { appErrorOf } from "@/lib/testing/app-error";
import { testDatabase } from "@/lib/testing/db";
import { apiUser, createUser } from "@/lib/testing/fixtures";
import { insertJob } from "@/lib/testing/jobs-fixtures";
import { rowCounts } from "@/lib/testing/row-counts";
import { callRoute } from "@/lib/testing/route-request";
import * as feedRoute from "@/app/api/v2/auth/calendar-feed/route";
import * as feedTokenRoute from "@/app/api/v2/calendar-feed/[token]/route";
import * as filterRoute from "@/app/api/v2/users-calendar-filter/route";

let handle: DbHandle;
let db: Db;
let gb: number;
let companyId: number;
let venueId: number;
let skillId: number;

/** The events of an .ics text: its lines unfolded (RFC 5545 §3.1), one record per VEVENT. */
function parseIcs(text: string): Record<string, string>[] {
  const lines = text.replace(/\r?\n[ \t]/g, "").split(/\r?\n/);
  const events: Record<string, string>[] = [];
  let cur: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === "BEGIN:VEVENT") cur = {};
    else if (line === "END:VEVENT" && cur) {
      events.push(cur);
      cur = null;
    } else if (cur) {
      const i = line.indexOf(":");
      const key = line.slice(0, i).split(";")[0];
      cur[key] = line
        .slice(i + 1)
        .replace(/\\n/g, "\n")
        .replace(/\\([,;\\])/g, "$1");
    }
  }
  return events;
}

const feedPath = (url: string) => new URL(url).pathname;
const tokenOf = (url: string) => feedPath(url).split("/").pop()!;
const getFeed = (url: string) =>
  callRoute(feedTokenRoute.GET, feedPath(url), { params: { token: tokenOf(url) } });

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  await db
    .insert(schema.currencies)
    .values({ code: "GBP", name: "Pound sterling", symbol: "£" })
    .onConflictDoNothing();
  const [country] = await db
    .insert(schema.countries)
    .values({
      name: "United Kingdom",
      isoCode: "GB",
      currencyCode: "GBP",
      timeZone: "Europe/London",
    })
    .returning();
  gb = country.id;
  const [company] = await db
    .insert(schema.companies)
    .values({ name: "Feed Events Ltd", countryId: gb })
    .returning();
  companyId = company.id;
  const [venue] = await db
    .insert(schema.venues)
    .values({
      name: "Riverside Hall",
      countryId: gb,
      address: "1 Bankside",
      zip: "SE1 9TG",
      city: "London",
    })
    .returning();
  venueId = venue.id;
  const [skill] = await db.insert(schema.skills).values({ name: "Stagehand" }).returning();
  skillId = skill.id;
});
afterAll(async () => {
  await handle?.close();
});

/** A job in London at the venue with one shift; `worker` holds a place on it in `status`. */
async function shiftFor(
  worker: number,
  startsAt: Date,
  endsAt: Date,
  extra: {
    name?: string;
    status?: "Booked" | "Applied" | "Denied" | "Approved";
    jobStatus?: "Published" | "Cancelled";
  } = {},
) {
  const job = await insertJob(db, {
    name: extra.name ?? "Night load-out",
    companyId,
    countryId: gb,
    status: extra.jobStatus ?? "Published",
    workerRates: false,
    shifts: [{ startsAt, endsAt, slots: [{ skillId, positions: 3 }] }],
  });
  await db.update(schema.jobs).set({ venueId }).where(eq(schema.jobs.id, job.id));
  const shift = job.shifts[0];
  const [app] = await db
    .insert(schema.applications)
    .values({
      shiftSlotId: shift.slots[0].id,
      shiftId: shift.id,
      assigneeId: worker,
      status: extra.status ?? "Booked",
    })
    .returning();
  return { jobId: job.id, shiftId: shift.id, applicationId: app.id };
}

describe("calendar feed: turn on, read, regenerate, turn off", () => {
  it("gives a private URL whose .ics lists the booked shift; regenerating stops the old URL at once", async () => {
    const w = await apiUser(db, ROLE.worker);
    const soon = new Date(Date.now() + 2 * 86_400_000);
    await shiftFor(w.id, soon, new Date(soon.getTime() + 6 * 3_600_000), { name: "Gala dinner" });

    const off = await callRoute(feedRoute.GET, "auth/calendar-feed", { token: w.token });
    expect((off.body as { data: { enabled: boolean } }).data.enabled).toBe(false);

    const made = await callRoute(feedRoute.POST, "auth/calendar-feed", {
      token: w.token,
      method: "POST",
    });
    expect(made.status).toBe(200);
    const first = (made.body as { data: { url: string } }).data.url;
    expect(first).toMatch(/\/api\/v2\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
    // Only the hash is stored.
    const [row] = await db
      .select()
      .from(schema.calendarFeeds)
      .where(eq(schema.calendarFeeds.userId, w.id));
    expect(row.tokenHash).toBe(sha256(tokenOf(first).replace(/\.ics$/, "")));
    expect(JSON.stringify(row)).not.toContain(tokenOf(first).replace(/\.ics$/, ""));

    const ok = await getFeed(first);
    expect(ok.status).toBe(200);
    expect(ok.contentType).toContain("text/calendar");
    const [event] = parseIcs(new TextDecoder().decode(ok.bytes));
    expect(event.SUMMARY).toBe("Gala dinner (Stagehand)");
    const on = await callRoute(feedRoute.GET, "auth/calendar-feed", { token: w.token });
    expect((on.body as { data: { enabled: boolean; last_used_at: string } }).data).toMatchObject({
      enabled: true,
    });
    expect((on.body as { data: { last_used_at: string | null } }).data.last_used_at).not.toBeNull();

    const again = await callRoute(feedRoute.POST, "auth/calendar-feed", {
      token: w.token,
      method: "POST",
    });
    const second = (again.body as { data: { url: string } }).data.url;
    expect(second).not.toBe(first);
    expect((await getFeed(first)).status).toBe(404);
    expect((await getFeed(second)).status).toBe(200);

    const del = await callRoute(feedRoute.DELETE, "auth/calendar-feed", {
      token: w.token,
      method: "DELETE",
    });
    expect(del.status).toBe(200);
    expect((await getFeed(second)).status).toBe(404);
    const twice = await callRoute(feedRoute.DELETE, "auth/calendar-feed", {
      token: w.token,
      method: "DELETE",
    });
    expect(twice.status).toBe(404);
    expect((twice.body as { message: string }).message).toBe(FEED_IS_OFF);
  });

  it("each user's feed is its own: an office user and a client contact turn theirs on too", async () => {
    for (const role of [ROLE.projectManager, ROLE.client] as const) {
      const u = await apiUser(db, role, role === ROLE.client ? { companyId } : {});
      const res = await callRoute(feedRoute.POST, "auth/calendar-feed", {
        token: u.token,
        method: "POST",
      });
      expect(res.status).toBe(200);
      const feed = await getFeed((res.body as { data: { url: string } }).data.url);
      expect(feed.status).toBe(200);
      expect(parseIcs(new TextDecoder().decode(feed.bytes))).toEqual([]);
    }
  });

  it("refuses the management calls without a sign-in (401) and writes nothing", async () => {
    const before = await rowCounts(db);
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const res = await callRoute(feedRoute[method], "auth/calendar-feed", { method });
      expect(res.status).toBe(401);
    }
    expect(await rowCounts(db)).toEqual(before);
  });

  it("answers the same 404 for a malformed, unknown, replaced or deactivated owner's token", async () => {
    const w = await apiUser(db, ROLE.worker);
    const made = await callRoute(feedRoute.POST, "auth/calendar-feed", {
      token: w.token,
      method: "POST",
    });
    const url = (made.body as { data: { url: string } }).data.url;
    expect((await getFeed(url)).status).toBe(200);
    await db.update(schema.users).set({ status: "deactivated" }).where(eq(schema.users.id, w.id));
    const answers = await Promise.all(
      [
        url,
        "http://x/api/v2/calendar-feed/abc.ics",
        `http://x/api/v2/calendar-feed/${"A".repeat(43)}.ics`,
        `http://x/api/v2/calendar-feed/${"A".repeat(43)}`,
        "http://x/api/v2/calendar-feed/..%2F..%2Fusers",
      ].map(getFeed),
    );
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    await db.update(schema.users).set({ status: "active" }).where(eq(schema.users.id, w.id));
    expect((await getFeed(url)).status).toBe(200);
  });

  it("limits guesses per client address (429 past the limit)", async () => {
    const ip = "203.0.113.77";
    const now = new Date("2026-11-20T12:00:00Z");
    for (let i = 0; i < LIMITS.perAddress; i++) {
      expect(
        (await appErrorOf(readFeed(db, `${"B".repeat(42)}${i % 10}`, { now, ip }))).status,
      ).toBe(404);
    }
    expect((await appErrorOf(readFeed(db, "C".repeat(43), { now, ip }))).status).toBe(429);
    // Another address is not held back.
    expect(
      (await appErrorOf(readFeed(db, "C".repeat(43), { now, ip: "203.0.113.78" }))).status,
    ).toBe(404);
  });
});

describe("calendar feed: what it holds", () => {
  it("places an overnight London shift across the October clock change at its real instants, with venue, crew boss and link", async () => {
    const w = await createUser(db, { roles: [ROLE.worker], name: "Nina Night" });
    const boss = await createUser(db, { roles: [ROLE.worker], name: "Bob Boss" });
    await db
      .update(schema.users)
      .set({ phone: "+44 7700 900123" })
      .where(eq(schema.users.id, boss.id));
    // Saturday 24 Oct 2026 22:00 BST (21:00Z) to Sunday 25 Oct 06:00 GMT (06:00Z): 9 hours.
    const night = await shiftFor(
      w.id,
      new Date("2026-10-24T21:00:00Z"),
      new Date("2026-10-25T06:00:00Z"),
    );
    await db.insert(schema.shiftCrewBosses).values({ shiftId: night.shiftId, userId: boss.id });
    // Not in the feed: an application only, a denied one, a cancelled job, a removed shift,
    // and a shift that ended more than 60 days ago.
    const t = (iso: string) => new Date(iso);
    await shiftFor(w.id, t("2026-11-02T08:00:00Z"), t("2026-11-02T12:00:00Z"), {
      status: "Applied",
      name: "Applied only",
    });
    await shiftFor(w.id, t("2026-11-03T08:00:00Z"), t("2026-11-03T12:00:00Z"), {
      status: "Denied",
      name: "Denied",
    });
    await shiftFor(w.id, t("2026-11-04T08:00:00Z"), t("2026-11-04T12:00:00Z"), {
      jobStatus: "Cancelled",
      name: "Cancelled",
    });
    const removed = await shiftFor(w.id, t("2026-11-05T08:00:00Z"), t("2026-11-05T12:00:00Z"), {
      name: "Removed",
    });
    await db
      .update(schema.shifts)
      .set({ deletedAt: new Date() })
      .where(eq(schema.shifts.id, removed.shiftId));
    await shiftFor(w.id, t("2026-08-01T08:00:00Z"), t("2026-08-01T12:00:00Z"), {
      status: "Approved",
      name: "Long ago",
    });

    const token = "N".repeat(43);
    await db.insert(schema.calendarFeeds).values({ userId: w.id, tokenHash: sha256(token) });
    const now = new Date("2026-11-01T12:00:00Z");
    const text = await readFeed(db, `${token}.ics`, { now });
    const events = parseIcs(text);
    expect(events.map((e) => e.SUMMARY)).toEqual(["Night load-out (Stagehand)"]);
    const [e] = events;
    expect(e.DTSTART).toBe("20261024T210000Z");
    expect(e.DTEND).toBe("20261025T060000Z");
    expect(e.UID).toBe(`application-${night.applicationId}@localhost`);
    expect(e.LOCATION).toBe("1 Bankside, SE1 9TG London");
    expect(e.DESCRIPTION).toContain("24/10/2026 22:00–06:00 (+1 day) (Europe/London)");
    expect(e.DESCRIPTION).toContain("Crew boss: Bob Boss, +44 7700 900123");
    expect(e.DESCRIPTION).toMatch(/Job: http\S+\/my-dashboard\/my/);

    // The same UID on the next read: a phone updates the event instead of adding one.
    const later = parseIcs(await readFeed(db, token, { now: new Date("2026-11-02T12:00:00Z") }));
    expect(later[0].UID).toBe(e.UID);
    // Cancelling the job takes it out.
    await db
      .update(schema.jobs)
      .set({ status: "Cancelled" })
      .where(eq(schema.jobs.id, night.jobId));
    expect(parseIcs(await readFeed(db, token, { now }))).toEqual([]);
  });
});

describe("GET users-calendar-filter", () => {
  it("answers office users with calendar_access: workers by name, at most the limit", async () => {
    for (let i = 0; i < 3; i++)
      await createUser(db, { roles: [ROLE.worker], name: `Zed Picker ${i}` });
    await createUser(db, { roles: [ROLE.worker], name: "Zed Picker gone", status: "deactivated" });
    await createUser(db, { roles: [ROLE.projectManager], name: "Zed Picker PM" });
    for (const role of [ROLE.admin, ROLE.projectManager, ROLE.crewHandler] as const) {
      const u = await apiUser(db, role);
      const res = await callRoute(filterRoute.GET, "users-calendar-filter?userName=zed%20picker", {
        token: u.token,
      });
      expect(res.status).toBe(200);
      const names = (res.body as { data: { name: string }[] }).data.map((x) => x.name);
      expect(names).toEqual(["Zed Picker 0", "Zed Picker 1", "Zed Picker 2"]);
    }
    const pm = await apiUser(db, ROLE.projectManager);
    const two = await callRoute(filterRoute.GET, "users-calendar-filter?userName=zed&limit=2", {
      token: pm.token,
    });
    expect((two.body as { data: unknown[] }).data).toHaveLength(2);
    const bad = await callRoute(filterRoute.GET, "users-calendar-filter?limit=21", {
      token: pm.token,
    });
    expect(bad.status).toBe(422);
    expect((bad.body as { message: string }).message).toBe(
      "The limit must be a whole number from 1 to 20.",
    );
    const many = await callRoute(filterRoute.GET, "users-calendar-filter", { token: pm.token });
    expect((many.body as { data: unknown[] }).data.length).toBeLessThanOrEqual(20);
  });

  it("refuses a worker and a client contact (403) and a caller without sign-in (401)", async () => {
    const w = await apiUser(db, ROLE.worker);
    const col = await apiUser(db, ROLE.client, { companyId });
    for (const token of [w.token, col.token]) {
      const res = await callRoute(filterRoute.GET, "users-calendar-filter?userName=a", { token });
      expect(res.status).toBe(403);
    }
    expect((await callRoute(filterRoute.GET, "users-calendar-filter")).status).toBe(401);
  });
});
