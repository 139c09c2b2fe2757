import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import { COMPANY_FILE_UPLOAD } from "@/lib/files/upload";
import {
  companiesInput,
  companyOverview,
  companyUsersInput,
  createCompany,
  createCompanyInput,
  deleteCompany,
  deleteCompanyFile,
  getCompany,
  getPreferredSkills,
  listCompanies,
  listCompanyUsers,
  preferredSkillsInput,
  readCompanyFile,
  savePreferredSkills,
  updateCompany,
  updateCompanyInput,
  uploadCompanyFile,
} from "@/lib/services/companies";
import { attachmentDisposition } from "../download";

type IdParams = { id: string };
const SCOPE = "company_access, or the user's own company; 404 outside that scope";
const asFields = (body: unknown) =>
  body && typeof body === "object" ? (body as Record<string, unknown>) : undefined;

export const getCompanies = endpoint({
  method: "GET",
  path: "/companies",
  summary:
    "Live companies by name, 10 a page (dropdown=1: 100), filter[name], filter[taxid], filter[countryid]; a client contact sees only its own company",
  tag: "companies",
  auth: "user",
  query: companiesInput,
  paginated: true,
  run: (ctx, { query }) => listCompanies(ctx, query),
});

export const postCompany = endpoint({
  method: "POST",
  path: "/companies",
  summary:
    "Create a client (name unique, taxid valid for the country's format, an operational countryid, default_branch of that country, key_account_managers: office user ids, policies) [company_create]",
  tag: "companies",
  auth: "user",
  body: createCompanyInput,
  status: 201,
  run: (ctx, { body }) => createCompany(ctx, body),
});

export const getCompanyById = endpoint<IdParams>({
  method: "GET",
  path: "/companies/{id}",
  summary: `One client with its key account managers and files; ${SCOPE}`,
  tag: "companies",
  auth: "user",
  run: (ctx, { params }) => getCompany(ctx, params.id),
});

export const putCompany = endpoint<IdParams>({
  method: "PUT",
  path: "/companies/{id}",
  summary:
    "Change a client (the fields given; key_account_managers replaces the list) [company_edit]",
  tag: "companies",
  auth: "user",
  body: updateCompanyInput,
  run: (ctx, { params, body }) => updateCompany(ctx, params.id, body),
});

export const deleteCompanyEndpoint = endpoint<IdParams>({
  method: "DELETE",
  path: "/companies/{id}",
  summary:
    "Delete a client; one with jobs, users, venues, rates, quotes or templates is archived instead (archived: true) [company_edit]",
  tag: "companies",
  auth: "user",
  run: (ctx, { params }) => deleteCompany(ctx, params.id),
});

export const getCompanyUsers = endpoint<IdParams>({
  method: "GET",
  path: "/companies/{id}/users",
  summary: `The client's contacts by name, 5 a page (name, email, phone, role); ${SCOPE}`,
  tag: "companies",
  auth: "user",
  query: companyUsersInput,
  paginated: true,
  run: (ctx, { params, query }) => listCompanyUsers(ctx, params.id, query),
});

export const getCompanyOverview = endpoint<IdParams>({
  method: "GET",
  path: "/companies/{id}/overview",
  summary: `The client's next jobs (at most 5) and the hours reported on its jobs this month; ${SCOPE}`,
  tag: "companies",
  auth: "user",
  run: (ctx, { params }) => companyOverview(ctx, params.id),
});

export const getCompanyPreferredSkills = endpoint<IdParams>({
  method: "GET",
  path: "/companies/preferred-skills/{id}",
  summary: `The client's preferred skills in order; ${SCOPE}`,
  tag: "companies",
  auth: "user",
  run: (ctx, { params }) => getPreferredSkills(ctx, params.id),
});

export const postCompanyPreferredSkills = endpoint({
  method: "POST",
  path: "/companies/preferred-skills",
  summary:
    "Replace a client's preferred skills: company_id and query, the ordered skill ids ([] clears; without query 422 'Query is a required parameter') [company_edit]",
  tag: "companies",
  auth: "user",
  body: preferredSkillsInput,
  run: (ctx, { body }) => savePreferredSkills(ctx, body),
});

export const postCompanyFile = endpoint<IdParams>({
  method: "POST",
  path: "/companies/{id}/files",
  summary:
    "Upload a client file (multipart `file`: PDF, JPEG, PNG, WebP or an office document by content, at most 10 MB) [company_edit]",
  tag: "companies",
  auth: "user",
  status: 201,
  maxBodyBytes: COMPANY_FILE_UPLOAD.maxBytes + 64 * 1024,
  run: (ctx, { params, body }) => uploadCompanyFile(ctx, params.id, asFields(body)),
});

type FileParams = { id: string; fileId: string };

export const getCompanyFile = endpoint<FileParams>({
  method: "GET",
  path: "/companies/{id}/files/{fileId}",
  summary: `Download a client file under its original name; ${SCOPE}`,
  tag: "companies",
  auth: "user",
  run: async (ctx, { params }) => {
    const file = await readCompanyFile(ctx, params.id, params.fileId);
    return new Response(new Uint8Array(file.body), {
      headers: {
        "content-type": file.contentType,
        "content-length": String(file.size),
        "content-disposition": attachmentDisposition(file.fileName),
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      },
    });
  },
});

export const deleteCompanyFileEndpoint = endpoint<FileParams>({
  method: "DELETE",
  path: "/companies/{id}/files/{fileId}",
  summary: "Delete a client file [company_edit]",
  tag: "companies",
  auth: "user",
  run: (ctx, { params }) => deleteCompanyFile(ctx, params.id, params.fileId),
});

export const companiesEndpoints: Endpoint[] = [
  getCompanies,
  postCompany,
  getCompanyById,
  putCompany,
  deleteCompanyEndpoint,
  getCompanyUsers,
  getCompanyOverview,
  getCompanyPreferredSkills,
  postCompanyPreferredSkills,
  postCompanyFile,
  getCompanyFile,
  deleteCompanyFileEndpoint,
] as Endpoint[];
