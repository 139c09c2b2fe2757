import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import {
  buildTemplateData,
  createJobFromTemplate,
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  updateTemplate,
} from "@/lib/services/templates";
import {
  buildTemplateDataInput,
  createJobFromTemplateInput,
  createTemplateInput,
  templatesListInput,
  updateTemplateInput,
} from "@/lib/services/templates/schemas";

export const getTemplates = endpoint({
  method: "GET",
  path: "/job-templates",
  summary: "Job templates in the user's scope, by name: filter[company], filter[name]; 8 a page",
  tag: "job-templates",
  auth: "user",
  query: templatesListInput,
  paginated: true,
  run: (ctx, { query }) => listTemplates(ctx, query),
});

export const getTemplateEndpoint = endpoint<{ id: string }>({
  method: "GET",
  path: "/job-templates/{id}",
  summary: "One job template with its json_data ({ job, shifts })",
  tag: "job-templates",
  auth: "user",
  run: (ctx, { params }) => getTemplate(ctx, params.id),
});

export const postTemplate = endpoint({
  method: "POST",
  path: "/job-templates",
  summary:
    "Create a job template: { name, company_id, data: { job, shifts } }, or { job_id, name } from a job's live shifts",
  tag: "job-templates",
  auth: "user",
  body: createTemplateInput,
  status: 201,
  run: (ctx, { body }) => createTemplate(ctx, body),
});

export const putTemplate = endpoint<{ id: string }>({
  method: "PUT",
  path: "/job-templates/{id}",
  summary: "Edit a job template (name, company_id, data); shifts are renumbered 1..n in date order",
  tag: "job-templates",
  auth: "user",
  body: updateTemplateInput,
  run: (ctx, { params, body }) => updateTemplate(ctx, params.id, body),
});

export const deleteTemplateEndpoint = endpoint<{ id: string }>({
  method: "DELETE",
  path: "/job-templates/{id}",
  summary: 'Delete a job template ("Record deleted")',
  tag: "job-templates",
  auth: "user",
  run: (ctx, { params }) => deleteTemplate(ctx, params.id),
});

export const postJobFromTemplate = endpoint<{ id: string }>({
  method: "POST",
  path: "/job-templates/{id}/create-job",
  summary:
    "Create a Published job from a template, its first shift on date (DD/MM/YYYY); needs job_create too",
  tag: "job-templates",
  auth: "user",
  body: createJobFromTemplateInput,
  status: 201,
  run: (ctx, { params, body }) => createJobFromTemplate(ctx, params.id, body),
});

export const getBuildTemplateData = endpoint<{ jobId: string }>({
  method: "GET",
  path: "/jobs/build-template-data/{jobId}",
  summary:
    "A job's fields and live shifts as template data, the first shift moved to date (DD/MM/YYYY)",
  tag: "job-templates",
  auth: "user",
  query: buildTemplateDataInput,
  run: (ctx, { params, query }) => buildTemplateData(ctx, params.jobId, query),
});

export const templatesEndpoints: Endpoint[] = [
  getTemplates,
  getTemplateEndpoint,
  postTemplate,
  putTemplate,
  deleteTemplateEndpoint,
  postJobFromTemplate,
  getBuildTemplateData,
] as Endpoint[];
