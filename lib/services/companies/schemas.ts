import { z } from "zod";
import {
  CODE_MAX,
  EMAIL_MAX,
  NAME_MAX,
  NOTE_MAX,
  SHORT_TEXT_MAX,
  ZIP_MAX,
  tooLongMessage,
} from "@/lib/domain/text-limits";
import { pageInput } from "../pagination";
import { flag, idList, idSchema, optionalId, searchText } from "../params";
import { clearableId, clearableText, recordName, requiredCountryId } from "../record-fields";

/** Input schemas of the company verbs (spec §3 Company, §7 Companies); they feed OpenAPI too. */

export const companiesInput = pageInput(10).extend({
  /** Pickers: 100 a page unless perPage says otherwise (spec §9). */
  dropdown: flag,
  filter: z
    .object({ name: searchText, taxid: searchText, countryid: optionalId })
    .optional()
    .default({}),
});

const branchId = clearableId;

export const companyFields = {
  name: recordName,
  taxid: clearableText(CODE_MAX),
  countryid: requiredCountryId,
  default_branch: branchId,
  /** User ids of office users (a role with dashboard_access, not a client contact). */
  key_account_managers: idList.optional(),
  address: clearableText(SHORT_TEXT_MAX),
  city: clearableText(NAME_MAX),
  zip: clearableText(ZIP_MAX),
  phone: clearableText(CODE_MAX),
  email: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || null : v),
    z
      .email("The email must be a valid email address.")
      .max(EMAIL_MAX, tooLongMessage("email", EMAIL_MAX))
      .nullable()
      .optional(),
  ),
  type_of_work: clearableText(NOTE_MAX),
  safety_requirements: clearableText(NOTE_MAX),
  water_policy: clearableText(NOTE_MAX),
  dresscode: clearableText(NOTE_MAX),
  food_policy: clearableText(NOTE_MAX),
  value_workers: clearableText(NOTE_MAX),
};

/** POST companies. */
export const createCompanyInput = z.object(companyFields);
export type CreateCompanyInput = z.output<typeof createCompanyInput>;

/** PUT companies/{id}: the fields given are changed, the others kept. */
export const updateCompanyInput = z.object({
  ...companyFields,
  name: recordName.optional(),
  countryid: optionalId,
});
export type UpdateCompanyInput = z.output<typeof updateCompanyInput>;

export const companyUsersInput = pageInput(5);

export const QUERY_REQUIRED = "Query is a required parameter"; // spec §5 wording

/** POST companies/preferred-skills: `query` is the ordered list of skill ids ([] clears). */
export const preferredSkillsInput = z.object({
  company_id: idSchema,
  query: z.array(idSchema, { error: QUERY_REQUIRED }).max(200),
});
