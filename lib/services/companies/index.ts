/**
 * Clients (companies; spec §2 /clients, /client/{id}, §3 Company, §7 Companies): who the agency
 * works for, their contacts, preferred skills, key account managers and files.
 */
export * from "./schemas";
export { COMPANY_NOT_FOUND } from "./access";
export { listCompanies, type CompanyListItem, type CompanyOption } from "./list";
export { getCompany, type CompanyView, type CompanyFileView } from "./view";
export { createCompany, deleteCompany, updateCompany, COMPANY_MESSAGES } from "./write";
export {
  getPreferredSkills,
  keyAccountManagerOptions,
  listCompanyUsers,
  savePreferredSkills,
  type CompanyUserView,
  type PreferredSkillView,
} from "./people";
export { deleteCompanyFile, readCompanyFile, uploadCompanyFile } from "./files";
export { companyOverview, type CompanyOverview } from "./overview";
export { taxIdError } from "./taxid";
