import { JOBS } from "../data/jobs";
import { SKILL_TREE, type LevelName, type SkillName } from "../data/master";
import type { Rng } from "../random";

export interface CrewSkills {
  branches: string[];
  skills: [SkillName, LevelName, number][];
  /** Only bookable freelancers count (approved, active, not the demo worker). */
  bookable: boolean;
}

const parentOf = new Map<SkillName, string>(
  SKILL_TREE.flatMap((p) => p.children.map((c) => [c.name, p.name] as [SkillName, string])),
);
const MAX_SKILLS = 4;
/** Slots are covered up to this many positions; bigger slots may stay partly open. */
const MAX_TARGET = 4;

/**
 * Random skills leave gaps (no steward in Bergen, say), and a job nobody can staff makes a
 * poor demo. For every shift this makes sure that distinct freelancers of the job's branches
 * could fill each slot (up to four positions), teaching a skill where needed: preferably to
 * someone who already works in the same field (a stagehand learns rigging before cooking)
 * and has few skills.
 */
export function coverDemand(rng: Rng, crew: CrewSkills[], level: () => [LevelName, number]): void {
  for (const job of JOBS) {
    const local = crew.filter(
      (c) => c.bookable && c.branches.some((b) => job.branches.includes(b)),
    );
    for (const shift of job.shifts) {
      const taken = new Set<CrewSkills>();
      const has = (c: CrewSkills, skill: SkillName) => c.skills.some(([s]) => s === skill);
      for (const [skill, positions] of [...shift.slots].sort((a, b) => b[1] - a[1])) {
        let need = Math.min(positions, MAX_TARGET);
        for (const c of local) {
          if (need === 0) break;
          if (!taken.has(c) && has(c, skill)) {
            taken.add(c);
            need--;
          }
        }
        const learners = rng
          .shuffle(
            local.filter((c) => !taken.has(c) && c.skills.length < MAX_SKILLS && !has(c, skill)),
          )
          .sort(
            (a, b) => related(b, skill) - related(a, skill) || a.skills.length - b.skills.length,
          );
        for (const c of learners) {
          if (need === 0) break;
          c.skills.push([skill, ...level()]);
          taken.add(c);
          need--;
        }
      }
    }
  }
}

const related = (c: CrewSkills, skill: SkillName) =>
  c.skills.some(([s]) => parentOf.get(s) === parentOf.get(skill)) ? 1 : 0;
