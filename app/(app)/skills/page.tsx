import { screenPageSize } from "@/lib/services/settings";
import { FilterBar } from "@/components/ui/filter-bar";
import { PageHeader } from "@/components/ui/page-header";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { lenientList } from "@/lib/http/page";
import { listParentSkills, listSkillTree } from "@/lib/services/skills";
import { ParentOrderButton } from "./parent-order";
import { NewParentSkillButton } from "./skill-form";
import { SkillsTree } from "./skills-tree";

export const metadata = routeMetadata("/skills");

type Search = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function SkillsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const ctx = await requestCtx();
  const perPage = await screenPageSize(ctx.db);
  // A value the list rejects (?page=abc, a huge search) is left out, not an error screen.
  const [{ data: page, dropped }, parents] = await Promise.all([
    lenientList((input) => listSkillTree(ctx, input), {
      page: first(sp.page),
      perPage,
      filter: { search: first(sp.search) },
    }),
    listParentSkills(ctx),
  ]);
  const search = dropped["filter.search"] ? undefined : first(sp.search)?.trim() || undefined;
  return (
    <>
      <PageHeader
        title="Skills"
        description="Parent skills group the sub-skills that shifts ask for and workers offer. Their order is the order of the job form's skill picker."
        actions={
          <div className="flex flex-wrap gap-2">
            <ParentOrderButton parents={parents} />
            <NewParentSkillButton />
          </div>
        }
      />
      <FilterBar
        label="Filter skills"
        fields={[
          {
            kind: "search",
            param: "search",
            label: "Search skills",
            placeholder: "e.g. Rigger",
          },
        ]}
      />
      <SkillsTree
        items={page.items}
        parents={parents}
        meta={page.meta}
        empty={
          search
            ? {
                title: "No skill matches your search",
                hint: `No parent skill or sub-skill is named like “${search}”. Try another part of the name, or clear the search.`,
              }
            : {
                title: "No skills yet",
                hint: "Create a parent skill such as “Technical”, then add the sub-skills shifts ask for.",
                action: <NewParentSkillButton />,
              }
        }
      />
    </>
  );
}
