import { schema, type Db } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import type { JobStatus } from "@/lib/domain/statuses";
import { createUser, ctxFor } from "./fixtures";
import { createJobWorld, insertJob, type JobWorld } from "./jobs-fixtures";

export interface JobSpec {
  name?: string;
  status?: JobStatus;
  branches?: number[];
  shifts: { from: number; hours?: number; slots: { skillId: number; positions?: number }[] }[];
  base?: Date;
}

const H = 3_600_000;

/**
 * The worker-dashboard tests' world: the job world plus two branches, and helpers that give
 * each test a skill of its own, so one test's jobs are never open to another test's worker.
 * Times are hours from `now`.
 */
export async function workerKit(db: Db, now: Date) {
  const w: JobWorld = await createJobWorld(db);
  const [branchA, branchB] = (
    await db
      .insert(schema.branches)
      .values([
        { name: "Worker test Aarhus", countryId: w.countryId },
        { name: "Worker test Odense", countryId: w.countryId },
      ])
      .returning({ id: schema.branches.id })
  ).map((b) => b.id);
  let seq = 0;
  const at = (h: number, base = now) => new Date(base.getTime() + h * H);

  async function newSkill(): Promise<number> {
    const [s] = await db
      .insert(schema.skills)
      .values({ name: `Worker skill ${++seq}` })
      .returning({ id: schema.skills.id });
    return s.id;
  }

  async function newWorker(skills: number[], branches: number[] = [branchA]): Promise<number> {
    const { id } = await createUser(db, { roles: [ROLE.worker], name: `Worker ${++seq}` });
    if (skills.length)
      await db.insert(schema.userSkills).values(skills.map((skillId) => ({ userId: id, skillId })));
    if (branches.length)
      await db
        .insert(schema.userBranches)
        .values(branches.map((branchId) => ({ userId: id, branchId })));
    return id;
  }

  async function job(spec: JobSpec) {
    const inserted = await insertJob(db, {
      name: spec.name ?? `Job ${++seq}`,
      companyId: w.companyA,
      countryId: w.countryId,
      status: spec.status ?? "Published",
      // Worker tests set the rates they price with (estimated earnings); none by default.
      workerRates: false,
      shifts: spec.shifts.map((s) => ({
        startsAt: at(s.from, spec.base),
        endsAt: at(s.from + (s.hours ?? 6), spec.base),
        slots: s.slots.map((x) => ({ skillId: x.skillId, positions: x.positions ?? 2 })),
      })),
    });
    if (spec.branches?.length)
      await db
        .insert(schema.jobBranches)
        .values(spec.branches.map((branchId) => ({ jobId: inserted.id, branchId })));
    return inserted;
  }

  /** One shift with one slot; returns the shift, slot and job ids. */
  async function oneShift(skillId: number, from: number, extra: Partial<JobSpec> = {}) {
    const j = await job({
      ...extra,
      shifts: [{ from, hours: extra.shifts?.[0]?.hours ?? 6, slots: [{ skillId, positions: 2 }] }],
    });
    return { jobId: j.id, shiftId: j.shifts[0].id, slotId: j.shifts[0].slots[0].id };
  }

  const ctxOf = (userId: number, when = now) => ctxFor(db, userId, { now: when });

  return { w, branchA, branchB, at, newSkill, newWorker, job, oneShift, ctxOf };
}
