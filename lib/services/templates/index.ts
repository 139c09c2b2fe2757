import { and, asc, count, eq, ilike, inArray, sql, type SQL } from "drizzle-orm";
import { parseId } from "../params";
import { schema } from "@/db";
import { buildFromTemplate, type TemplateShift } from "@/lib/domain/job-template";
import { sortShifts } from "@/lib/domain/shift-editing";
import { isoInZone } from "@/lib/domain/time";
import { requirePermission, requireUser, type Ctx, type UserActor, withTx } from "../context";
import { NotFoundError, ValidationError } from "../errors";
import { offsetOf, pageMeta, type Page } from "../pagination";
import { parseInput } from "../validate";
import { logActivity } from "../activity";
import { createJob } from "../jobs/create";
import { ReferenceCheck } from "../jobs/references";
import { assertCompanyInScope, companyScope, loadJobInScope } from "../jobs/scope";
import type { JobView } from "../jobs/view";
import { escapeLike } from "../like";
import {
  createJobFromTemplateInput,
  createTemplateFromDataInput,
  createTemplateFromJobInput,
  templateDataInput,
  templatesListInput,
  updateTemplateInput,
} from "./schemas";
import { asValidation, templateDataOfJob, type TemplateData } from "./source";

export type { TemplateData } from "./source";
export { buildTemplateData } from "./source";
export { templateFormOptions } from "./options";
export type { TemplateShift } from "@/lib/domain/job-template";

/**
 * Job templates (spec §2 /jobs/templates, §3, §7 job-templates): a named set of job fields and
 * shifts a new job is built from. Everything needs job_template_access; a client contact sees
 * only its own company's templates (a template of another company does not exist for it).
 */

export const TEMPLATE_EDITED = "Job template edited successfully";
export const TEMPLATE_DELETED = "Record deleted";
const NO_SHIFTS = "This job has no shifts with skills to save in a template.";

export interface TemplateListItem {
  id: number;
  name: string;
  company_id: number;
  company_name: string;
  created_by_id: number | null;
  created_by: string | null;
  shifts_count: number;
  created_at: string;
}

export interface TemplateDetail extends TemplateListItem {
  updated_at: string;
  json_data: TemplateData;
}

const t = schema.jobTemplates;

function scopeCondition(actor: UserActor): SQL | undefined {
  const scope = companyScope(actor);
  if (scope === "all") return undefined;
  return scope.length ? inArray(t.companyId, scope) : sql`false`;
}

const shiftsCount = sql<number>`case when jsonb_typeof(${t.jsonData}->'shifts') = 'array' then jsonb_array_length(${t.jsonData}->'shifts') else 0 end`;

const rowColumns = {
  id: t.id,
  name: t.name,
  companyId: t.companyId,
  companyName: schema.companies.name,
  createdById: t.createdById,
  createdBy: schema.users.name,
  shiftsCount,
  createdAt: t.createdAt,
  timeZone: schema.countries.timeZone,
};

type Row = {
  id: number;
  name: string;
  companyId: number;
  companyName: string;
  createdById: number | null;
  createdBy: string | null;
  shiftsCount: number;
  createdAt: Date;
  timeZone: string;
};

const listItem = (r: Row): TemplateListItem => ({
  id: r.id,
  name: r.name,
  company_id: r.companyId,
  company_name: r.companyName,
  created_by_id: r.createdById,
  created_by: r.createdById ? (r.createdBy ?? "") : null,
  shifts_count: Number(r.shiftsCount),
  created_at: isoInZone(r.createdAt, r.timeZone),
});

function selectTemplates(ctx: Ctx) {
  return ctx.db
    .select(rowColumns)
    .from(t)
    .innerJoin(schema.companies, eq(schema.companies.id, t.companyId))
    .innerJoin(schema.countries, eq(schema.countries.id, schema.companies.countryId))
    .leftJoin(schema.users, eq(schema.users.id, t.createdById));
}

/** GET job-templates (perPage 8, page, filter[company], filter[name]), by name. */
export async function listTemplates(ctx: Ctx, raw: unknown): Promise<Page<TemplateListItem>> {
  requirePermission(ctx, "job_template_access");
  const actor = requireUser(ctx);
  const input = parseInput(templatesListInput, raw ?? {});
  const where = and(
    scopeCondition(actor),
    input.filter.company ? eq(t.companyId, input.filter.company) : undefined,
    input.filter.name ? ilike(t.name, `%${escapeLike(input.filter.name)}%`) : undefined,
  );
  const [{ total }] = await ctx.db.select({ total: count() }).from(t).where(where);
  const rows = await selectTemplates(ctx)
    .where(where)
    .orderBy(asc(sql`lower(${t.name})`), asc(t.id))
    .limit(input.perPage)
    .offset(offsetOf(input.page, input.perPage));
  return { items: rows.map(listItem), meta: pageMeta(input.page, input.perPage, Number(total)) };
}

/** A template the user may see, or 404. */
async function loadTemplate(ctx: Ctx, templateId: unknown) {
  requirePermission(ctx, "job_template_access");
  const actor = requireUser(ctx);
  const id = parseId(templateId, "Job template");
  const [row] = await selectTemplates(ctx)
    .where(and(eq(t.id, id), scopeCondition(actor)))
    .limit(1);
  if (!row) throw new NotFoundError("Job template not found.");
  const [extra] = await ctx.db
    .select({ jsonData: t.jsonData, updatedAt: t.updatedAt })
    .from(t)
    .where(eq(t.id, id));
  return { row, jsonData: extra.jsonData, updatedAt: extra.updatedAt, actor };
}

/** Stored json_data in the `{ job, shifts }` shape, whatever an older writer left there. */
function readData(raw: unknown): TemplateData {
  const parsed = templateDataInput.safeParse(raw);
  if (parsed.success) return parsed.data;
  const obj = (raw && typeof raw === "object" ? raw : {}) as Partial<TemplateData>;
  return {
    job: obj.job && typeof obj.job === "object" ? obj.job : {},
    shifts: Array.isArray(obj.shifts) ? obj.shifts : [],
  };
}

function detail(row: Row, jsonData: unknown, updatedAt: Date): TemplateDetail {
  return {
    ...listItem(row),
    updated_at: isoInZone(updatedAt, row.timeZone),
    json_data: readData(jsonData),
  };
}

/** GET job-templates/{id}: the template with its json_data. */
export async function getTemplate(ctx: Ctx, templateId: unknown): Promise<TemplateDetail> {
  const { row, jsonData, updatedAt } = await loadTemplate(ctx, templateId);
  return detail(row, jsonData, updatedAt);
}

/**
 * Validated data ready to store: shifts in date order numbered 1..n (spec §3 sequential id),
 * the job's company the template's, every skill an existing one (422 otherwise).
 */
async function checkedData(
  data: TemplateData,
  companyId: number,
  check: ReferenceCheck,
): Promise<TemplateData> {
  await check.skills(
    data.shifts.flatMap((s, i) =>
      s.skills.map((k, j) => ({ field: `data.shifts.${i}.skills.${j}.skill_id`, id: k.skill_id })),
    ),
  );
  const ordered = sortShifts(
    data.shifts.map((s) => ({ ...s, date: s.startDate, start: s.startHour })),
  );
  return {
    job: { ...data.job, company_id: companyId },
    shifts: ordered.map((s, i): TemplateShift => ({
      id: i + 1,
      startDate: s.startDate,
      startHour: s.startHour,
      endHour: s.endHour,
      skills: s.skills.map((k) => ({ skill_id: k.skill_id, qty: k.qty })),
      status: s.status,
    })),
  };
}

/** A company the user may work for (403 outside the scope) that exists (422 otherwise). */
async function checkCompany(actor: UserActor, companyId: number, check: ReferenceCheck) {
  assertCompanyInScope(actor, companyId);
  await check.company(companyId);
}

async function insertTemplate(
  ctx: Ctx,
  actor: UserActor,
  values: { name: string; companyId: number; data: TemplateData; fromJobId?: number },
): Promise<TemplateDetail> {
  const id = await withTx(ctx, async (ctx) => {
    const [row] = await ctx.db
      .insert(t)
      .values({
        name: values.name,
        companyId: values.companyId,
        createdById: actor.userId,
        jsonData: values.data,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: t.id });
    await logActivity(ctx, {
      logName: "job_templates",
      description: values.fromJobId
        ? `Saved job #${values.fromJobId} as template ${values.name}`
        : `Created job template ${values.name}`,
      subjectType: "job_templates",
      subjectId: row.id,
      properties: {
        company_id: values.companyId,
        shifts: values.data.shifts.length,
        ...(values.fromJobId ? { job_id: values.fromJobId } : {}),
      },
    });
    return row.id;
  });
  return getTemplate(ctx, id);
}

/**
 * POST job-templates: `{ name, company_id, data }`, or `{ job_id, name }` to save a job in
 * the user's scope as a template (its live shifts, numbered 1..n, relative days kept).
 */
export async function createTemplate(ctx: Ctx, raw: unknown): Promise<TemplateDetail> {
  requirePermission(ctx, "job_template_access");
  const actor = requireUser(ctx);
  const fromJob = !!raw && typeof raw === "object" && "job_id" in raw;
  const check = new ReferenceCheck(ctx);
  if (fromJob) {
    const input = parseInput(createTemplateFromJobInput, raw);
    const job = await loadJobInScope(ctx, input.job_id);
    const data = await templateDataOfJob(ctx, job);
    if (!data.shifts.length) throw new ValidationError(NO_SHIFTS, { job_id: [NO_SHIFTS] });
    return insertTemplate(ctx, actor, {
      name: input.name,
      companyId: job.companyId,
      data,
      fromJobId: job.id,
    });
  }
  const input = parseInput(createTemplateFromDataInput, raw);
  await checkCompany(actor, input.company_id, check);
  const data = await checkedData(input.data, input.company_id, check);
  check.throwIfAny();
  return insertTemplate(ctx, actor, { name: input.name, companyId: input.company_id, data });
}

/** PUT job-templates/{id} (name, company_id, data; created_by_id is ignored). */
export async function updateTemplate(
  ctx: Ctx,
  templateId: unknown,
  raw: unknown,
): Promise<{ message: string; template: TemplateDetail }> {
  const { row, jsonData, actor } = await loadTemplate(ctx, templateId);
  const input = parseInput(updateTemplateInput, raw ?? {});
  const check = new ReferenceCheck(ctx);
  const companyId = input.company_id ?? row.companyId;
  if (input.company_id !== undefined && input.company_id !== row.companyId)
    await checkCompany(actor, input.company_id, check);
  // Stored shifts are kept as they are (a skill archived since does not block a rename).
  const stored = readData(jsonData);
  const data = input.data
    ? await checkedData(input.data, companyId, check)
    : { ...stored, job: { ...stored.job, company_id: companyId } };
  check.throwIfAny();
  const name = input.name ?? row.name;
  await withTx(ctx, async (ctx) => {
    await ctx.db
      .update(t)
      .set({ name, companyId, jsonData: data, updatedAt: ctx.now })
      .where(eq(t.id, row.id));
    await logActivity(ctx, {
      logName: "job_templates",
      description: `Edited job template ${name}`,
      subjectType: "job_templates",
      subjectId: row.id,
      properties: {
        company_id: companyId,
        shifts: data.shifts.length,
        ...(name !== row.name ? { old_name: row.name } : {}),
      },
    });
  });
  return { message: TEMPLATE_EDITED, template: await getTemplate(ctx, row.id) };
}

/** DELETE job-templates/{id}: nothing refers to a template, so it is removed. */
export async function deleteTemplate(ctx: Ctx, templateId: unknown) {
  const { row } = await loadTemplate(ctx, templateId);
  await withTx(ctx, async (ctx) => {
    await ctx.db.delete(t).where(eq(t.id, row.id));
    await logActivity(ctx, {
      logName: "job_templates",
      description: `Deleted job template ${row.name}`,
      subjectType: "job_templates",
      subjectId: row.id,
      properties: { company_id: row.companyId },
    });
  });
  return { id: row.id, message: TEMPLATE_DELETED };
}

/**
 * POST job-templates/{id}/create-job { date, name?, is_past? }: a new job of the template's
 * company whose first shift is on `date`, built with buildFromTemplate and saved by createJob,
 * so every job rule (job_create, references, past dates, overnight shifts) applies. Published.
 */
export async function createJobFromTemplate(
  ctx: Ctx,
  templateId: unknown,
  raw: unknown,
): Promise<JobView> {
  const { row, jsonData } = await loadTemplate(ctx, templateId);
  const input = parseInput(createJobFromTemplateInput, raw ?? {});
  const data = readData(jsonData);
  let shifts;
  try {
    shifts = buildFromTemplate(data.shifts, input.date);
  } catch (err) {
    asValidation(err, "json_data.shifts.");
  }
  const [company] = await ctx.db
    .select({ countryId: schema.companies.countryId })
    .from(schema.companies)
    .where(eq(schema.companies.id, row.companyId));
  return createJob(ctx, {
    ...data.job,
    name: input.name ?? data.job.name ?? row.name,
    company_id: row.companyId,
    country_id: data.job.country_id ?? company.countryId,
    status: "Published",
    is_past: input.is_past ?? false,
    sendEmail: false,
    shifts,
  });
}
