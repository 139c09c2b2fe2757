import type { AdditionalCostCategory } from "@/lib/domain/additional-costs";
import { toMinorUnits } from "@/lib/domain/pricing";
import type { JobStatus } from "@/lib/domain/statuses";
import { ROLE } from "@/lib/domain/permissions";
import type { Actor } from "../actor-types";

/**
 * Who sees a job's projection: holders of can_view_job_projection, but never a client contact
 * or a plain worker, whatever their roles hold (worker pay and margins stay in the office).
 */
export function mayViewProjection(actor: Actor | null | undefined): boolean {
  if (!actor) return false;
  if (actor.kind === "system") return true;
  return (
    actor.permissions.has("can_view_job_projection") &&
    !actor.isClient &&
    !actor.roles.every((r) => r.title === ROLE.worker)
  );
}

/**
 * Who may download a job's client report (issue 24): who may read its projection (the report's
 * revenue comes from it), and a client contact — its own company's jobs only, which the job's
 * scope decides. The report holds no worker pay. A plain worker never.
 */
export function mayDownloadJobReport(actor: Actor | null | undefined): boolean {
  if (!actor) return false;
  if (actor.kind === "system") return true;
  return actor.isClient || mayViewProjection(actor);
}

/** The four stages a job's figures are compared at (issue 13 "Job projection"). */
export type Stage = "planned" | "booked" | "reported" | "approved";
export const STAGES: Stage[] = ["planned", "booked", "reported", "approved"];

/** Exact sums while adding up: revenue and cost in "minor-unit minutes" (see pricing.ts). */
export interface Figures {
  people: number;
  minutes: number;
  revenue: number;
  cost: number;
}

export const emptyFigures = (): Figures => ({ people: 0, minutes: 0, revenue: 0, cost: 0 });

export function addFigures(into: Figures, more: Figures): void {
  into.people += more.people;
  into.minutes += more.minutes;
  into.revenue += more.revenue;
  into.cost += more.cost;
}

/** One stage of one shift, rounded once: minor units of the job's currency. */
export interface StageFigures {
  /** Positions (planned), filled places (booked) or reports (reported, approved). */
  people: number;
  /** Person-minutes: people × minutes worked. */
  minutes: number;
  revenue: number;
  worker_cost: number;
  /** revenue − worker_cost. */
  margin: number;
}

export function finishFigures(f: Figures): StageFigures {
  const revenue = toMinorUnits(f.revenue);
  const worker_cost = toMinorUnits(f.cost);
  return {
    people: f.people,
    minutes: f.minutes,
    revenue,
    worker_cost,
    margin: revenue - worker_cost,
  };
}

/** A stage of the whole job: the additional costs come off its margin. */
export interface StageTotals extends StageFigures {
  additional_costs: number;
  /** Margin as a percentage of revenue, one decimal; null without revenue. */
  margin_percent: number | null;
}

export function stageTotals(
  exact: Record<Stage, Figures>,
  additionalCosts: number,
): Record<Stage, StageTotals> {
  const out = {} as Record<Stage, StageTotals>;
  for (const stage of STAGES) {
    const f = finishFigures(exact[stage]);
    const margin = f.revenue - f.worker_cost - additionalCosts;
    out[stage] = {
      ...f,
      additional_costs: additionalCosts,
      margin,
      margin_percent: f.revenue ? Math.round((margin * 1000) / f.revenue) / 10 : null,
    };
  }
  return out;
}

export interface ShiftProjection {
  id: number;
  /** ISO 8601 with the job's offset. */
  start: string;
  end: string;
  /** The shift's own length in minutes. */
  minutes: number;
  slots: {
    id: number;
    skill: { id: number; name: string };
    positions: number;
    /** The shift split into the client rate's bands: "6 h standard, 2 h night". */
    split: string;
    /** Planned: positions × the shift at the client rate, and at the planned pay. */
    revenue: number;
    worker_cost: number;
  }[];
  planned: StageFigures;
  booked: StageFigures;
  reported: StageFigures;
  approved: StageFigures;
}

export interface MissingRate {
  kind: "client" | "worker";
  skill: { id: number; name: string };
  /** The booked worker without a rate; null for the skill's planned pay. */
  user: { id: number; name: string } | null;
  /** "No client rate for Rigger", "No worker rate for Ole as Driver". */
  message: string;
}

export interface ProjectionView {
  job: { id: number; name: string; status: JobStatus; company_id: number };
  currency: string;
  digits: number;
  time_zone: string;
  shifts: ShiftProjection[];
  additional_costs: {
    by_category: { category: AdditionalCostCategory; label: string; total: number }[];
    total: number;
  };
  totals: Record<Stage, StageTotals>;
  missing_rates: MissingRate[];
}
