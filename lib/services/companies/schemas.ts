import { z } from "zod";
import { pageInput } from "../pagination";
import { flag, idList, idSchema, optionalId, searchText } from "../params";

/** Input schemas of the company verbs (spec §3 Company, §7 Companies); they feed OpenAPI too. */

export const companiesInput = pageInput(10).extend({
  /** Pickers: 100 a page unless perPage says otherwise (spec §9). */
  dropdown: flag,
  filter: z
    .object({ name: searchText, taxid: searchText, countryid: optionalId })
    .optional()
    .default({}),
});

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/** Optional text: trimmed, blank becomes null (clears the field). */
const text = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || null : v),
    z.string().max(max, `may be at most ${max} characters`).nullable().optional(),
  );

const name = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : v),
  z
    .string({ error: "The name field is required." })
    .min(1, "The name field is required.")
    .max(200, "The name may be at most 200 characters."),
);

const countryId = z.preprocess(
  blankToUndefined,
  z
    .any()
    .refine((v) => v !== undefined, "The country field is required.")
    .pipe(idSchema),
);

const branchId = z.preprocess(
  (v) => (v === "" ? null : v),
  z.union([z.null(), idSchema]).optional(),
);

export const companyFields = {
  name,
  taxid: text(30),
  countryid: countryId,
  default_branch: branchId,
  /** User ids of office users (a role with dashboard_access, not a client contact). */
  key_account_managers: idList.optional(),
  address: text(300),
  city: text(200),
  zip: text(20),
  phone: text(50),
  email: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || null : v),
    z.email("The email must be a valid email address.").max(200).nullable().optional(),
  ),
  type_of_work: text(5000),
  safety_requirements: text(5000),
  water_policy: text(5000),
  dresscode: text(5000),
  food_policy: text(5000),
  value_workers: text(5000),
};

/** POST companies. */
export const createCompanyInput = z.object(companyFields);
export type CreateCompanyInput = z.output<typeof createCompanyInput>;

/** PUT companies/{id}: the fields given are changed, the others kept. */
export const updateCompanyInput = z.object({
  ...companyFields,
  name: name.optional(),
  countryid: z.preprocess(blankToUndefined, idSchema.optional()),
});
export type UpdateCompanyInput = z.output<typeof updateCompanyInput>;

export const companyUsersInput = pageInput(5);

export const QUERY_REQUIRED = "Query is a required parameter"; // spec §5 wording

/** POST companies/preferred-skills: `query` is the ordered list of skill ids ([] clears). */
export const preferredSkillsInput = z.object({
  company_id: idSchema,
  query: z.array(idSchema, { error: QUERY_REQUIRED }).max(200),
});
