/** The scratch database of `npm run bench` and the rows it seeds (written straight to the tables). */
import { PGlite } from "@electric-sql/pglite";
import { pgliteHandle, postgresHandle, schema, type Db, type DbHandle } from "@/db";
import { roleId } from "@/seed/reference";
import type { RoleTitle } from "@/lib/domain/permissions";
import { freshDatabase } from "./fault-pg";

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * In-memory PGlite, or a fresh database (`crewdeck_bench` unless named) on DATABASE_URL's server
 * behind a pool of `pool` connections.
 */
export async function scratch(name = "crewdeck_bench", pool = 5): Promise<DbHandle> {
  const url = process.env.DATABASE_URL;
  if (url) return postgresHandle(await freshDatabase(url, name), pool);
  return pgliteHandle(await PGlite.create());
}

/** Approved users with one role (and, when given, one skill and one branch each). */
export async function createUsers(
  db: Db,
  opts: {
    count: number;
    prefix: string;
    role: RoleTitle;
    passwordHash: string;
    skillId?: number;
    branchId?: number;
  },
): Promise<number[]> {
  const ids = (
    await db
      .insert(schema.users)
      .values(
        Array.from({ length: opts.count }, (_, i) => ({
          email: `${opts.prefix}${i}@bench.test`,
          name: `${opts.prefix} ${i}`,
          passwordHash: opts.passwordHash,
          approved: true,
        })),
      )
      .returning({ id: schema.users.id })
  ).map((u) => u.id);
  const role = await roleId(db, opts.role);
  await db.insert(schema.userRoles).values(ids.map((userId) => ({ userId, roleId: role })));
  if (opts.skillId)
    await db
      .insert(schema.userSkills)
      .values(ids.map((userId) => ({ userId, skillId: opts.skillId! })));
  if (opts.branchId)
    await db
      .insert(schema.userBranches)
      .values(ids.map((userId) => ({ userId, branchId: opts.branchId! })));
  return ids;
}

export async function seedJobs(
  db: Db,
  count: number,
  ctx: {
    countryId: number;
    companies: number[];
    skills: number[];
    workers: number[];
    start: number;
  },
) {
  for (let done = 0; done < count;) {
    const n = Math.min(1000, count - done);
    const jobs = await db
      .insert(schema.jobs)
      .values(
        Array.from({ length: n }, (_, i) => {
          const k = done + i;
          const startsAt = new Date(ctx.start + ((k * 7) % 700) * DAY - 200 * DAY);
          return {
            name: `Bench job ${k}`,
            companyId: ctx.companies[k % ctx.companies.length],
            countryId: ctx.countryId,
            status: "Published" as const,
            startsAt,
            endsAt: new Date(startsAt.getTime() + DAY + 8 * HOUR),
          };
        }),
      )
      .returning({ id: schema.jobs.id, startsAt: schema.jobs.startsAt });
    const shifts = await db
      .insert(schema.shifts)
      .values(
        jobs.flatMap((j) =>
          [0, 1].map((d) => ({
            jobId: j.id,
            startsAt: new Date(j.startsAt!.getTime() + d * DAY),
            endsAt: new Date(j.startsAt!.getTime() + d * DAY + 8 * HOUR),
          })),
        ),
      )
      .returning({ id: schema.shifts.id });
    const slots = await db
      .insert(schema.shiftSlots)
      .values(
        shifts.flatMap((s) =>
          ctx.skills.map((skillId, i) => ({ shiftId: s.id, skillId, positions: 2 + i })),
        ),
      )
      .returning({ id: schema.shiftSlots.id, shiftId: schema.shiftSlots.shiftId });
    // One booked worker per slot, so the fill figures read real applications.
    await db.insert(schema.applications).values(
      slots.map((s, i) => ({
        shiftSlotId: s.id,
        shiftId: s.shiftId,
        assigneeId: ctx.workers[(done + i) % ctx.workers.length],
        status: (i % 3 ? "Booked" : "Applied") as "Booked" | "Applied",
      })),
    );
    done += n;
  }
}

/**
 * Upcoming shifts open to one worker: jobs of two shifts, each with one slot of the worker's
 * skill (3 positions, every third one with a position taken by another worker), booked from
 * the worker's branch (every other job from a second branch as well). `from` counts shifts
 * already seeded, so a second call continues the series.
 */
export async function seedOpenShifts(
  db: Db,
  count: number,
  ctx: {
    from: number;
    countryId: number;
    companies: number[];
    skillId: number;
    branches: number[];
    others: number[];
    start: number;
  },
) {
  for (let done = 0; done < count;) {
    const n = Math.min(1000, count - done);
    const first = ctx.from + done;
    const jobs = await db
      .insert(schema.jobs)
      .values(
        Array.from({ length: Math.ceil(n / 2) }, (_, i) => {
          const k = Math.floor(first / 2) + i;
          const startsAt = new Date(ctx.start + DAY + ((k * 37) % 365) * DAY + (k % 12) * HOUR);
          return {
            name: `Bench open job ${k}`,
            companyId: ctx.companies[k % ctx.companies.length],
            countryId: ctx.countryId,
            status: "Published" as const,
            startsAt,
            endsAt: new Date(startsAt.getTime() + DAY + 8 * HOUR),
          };
        }),
      )
      .returning({ id: schema.jobs.id, startsAt: schema.jobs.startsAt });
    await db.insert(schema.jobBranches).values(
      jobs.flatMap((j, i) =>
        ctx.branches.slice(0, i % 2 ? ctx.branches.length : 1).map((branchId) => ({
          jobId: j.id,
          branchId,
        })),
      ),
    );
    const shifts = await db
      .insert(schema.shifts)
      .values(
        jobs
          .flatMap((j) =>
            [0, 1].map((d) => ({
              jobId: j.id,
              startsAt: new Date(j.startsAt!.getTime() + d * DAY),
              endsAt: new Date(j.startsAt!.getTime() + d * DAY + 8 * HOUR),
            })),
          )
          .slice(0, n),
      )
      .returning({ id: schema.shifts.id });
    const slots = await db
      .insert(schema.shiftSlots)
      .values(shifts.map((s) => ({ shiftId: s.id, skillId: ctx.skillId, positions: 3 })))
      .returning({ id: schema.shiftSlots.id, shiftId: schema.shiftSlots.shiftId });
    const taken = slots.filter((_, i) => (first + i) % 3 === 0);
    if (taken.length)
      await db.insert(schema.applications).values(
        taken.map((s, i) => ({
          shiftSlotId: s.id,
          shiftId: s.shiftId,
          assigneeId: ctx.others[(first + i) % ctx.others.length],
          status: "Booked" as const,
        })),
      );
    done += n;
  }
}
