/**
 * Branches (master data, spec §2 /branches, §5, §7, §8): the agency's offices. Workers belong
 * to branches, jobs book from them, companies have a default one. Every verb here needs
 * branch_access; the pickers' lists are `listBranches` and `preferredBranches` (reference),
 * which leave archived branches out.
 *
 * Deleting a branch that is used archives it (deleted_at): it leaves every picker and the
 * default list, and the jobs, people and companies that name it keep it. An unused branch is
 * removed. Names are unique regardless of case, archived branches included (the unique
 * index does not know about archiving, and a second "Copenhagen" would confuse history), so
 * an archived branch is brought back with `restoreBranch`, not created again.
 *
 * A branch names the region whose public holidays price its work (issue 21, `holiday_region`,
 * date-holidays' state code such as "GB-ENG"; null: the country's national holidays only). It
 * must be a region date-holidays knows for the branch's country, so changing the country means
 * choosing the region again; PUT replaces it like every other field.
 */
export {
  BRANCH_MESSAGES,
  branchInput,
  branchesListInput,
  getBranch,
  listBranchesPage,
  regionNotOfCountry,
  type BranchInput,
  type BranchView,
} from "./read";
export { createBranch, deleteBranch, restoreBranch, updateBranch } from "./write";
