"use client";

import { useState, useTransition, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Pagination, type PaginationMeta } from "@/components/ui/pagination";
import { notify } from "@/components/ui/toaster";
import { useQueryNavigation } from "@/components/ui/use-query-navigation";
import { SortableList } from "@/components/ui/sortable-list";
import { DeleteRecordDialog, type InUse } from "@/components/master-data/record-table";
import type { ParentSkillView, SkillView } from "@/lib/services/skills";
import { deleteSkillAction, saveSkillWeightsAction } from "./actions";
import { AddSubSkillButton, SkillDialog } from "./skill-form";

const ARCHIVE: InUse = {
  kind: "archive",
  archiveText:
    "Deleting archives it: it leaves this list and the skill pickers, while the jobs, profiles and rates that use it keep it and show its name.",
};
const HAS_SUBS: InUse = {
  kind: "refuse",
  refuseHint: "A parent skill with sub-skills cannot be deleted: delete its sub-skills first.",
};

const isParent = (s: SkillView): s is ParentSkillView => "sub_skills" in s;

/** What the delete dialog says about a skill: its live sub-skills first, then its uses. */
function deleteTerms(s: SkillView) {
  if (isParent(s) && s.sub_skills.length > 0) {
    const n = s.sub_skills.length;
    return {
      usage: { count: n, label: `its ${n} sub-skill${n === 1 ? "" : "s"}` },
      inUse: HAS_SUBS,
    };
  }
  return { usage: s.usage, inUse: ARCHIVE };
}

const usedText = (s: SkillView) => (s.usage.count ? `Used by ${s.usage.label}` : "Not used yet");

/**
 * The /skills screen's body: a card per parent skill (10 a page) with its sub-skills, which
 * are ordered by dragging their handles and saved at once; edit and delete in dialogs.
 */
export function SkillsTree({
  items,
  parents,
  meta,
  empty,
}: {
  items: ParentSkillView[];
  /** Every live parent skill, where an edited sub-skill may move. */
  parents: { id: number; name: string }[];
  meta: PaginationMeta;
  empty: { title: string; hint: string; action?: ReactNode };
}) {
  const router = useRouter();
  const { navigate } = useQueryNavigation();
  const [pending, start] = useTransition();
  const [editing, setEditing] = useState<SkillView | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const [deleting, setDeleting] = useState<SkillView | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);

  const edit = (s: SkillView) => {
    setEditing(s);
    setEditOpen(true);
  };
  const askDelete = (s: SkillView) => {
    setDeleting(s);
    setDeleteOpen(true);
  };
  const remove = (s: SkillView) =>
    start(async () => {
      const r = await deleteSkillAction(s.id);
      if (!r.ok) {
        notify.error(r.message);
        return;
      }
      setDeleteOpen(false);
      notify.success(r.data.message);
      // The last parent of a later page is gone: show the page before it.
      if (s.parent_id === null && items.length === 1 && meta.current_page > 1)
        navigate({ page: meta.current_page > 2 ? meta.current_page - 1 : null });
      else router.refresh();
    });

  const rowButtons = (s: SkillView) => (
    <>
      <Button size="sm" variant="secondary" aria-label={`Edit ${s.name}`} onClick={() => edit(s)}>
        Edit
      </Button>
      <Button
        size="sm"
        variant="ghost"
        className="text-danger-700 hover:text-danger-800"
        aria-label={`Delete ${s.name}`}
        onClick={() => askDelete(s)}
      >
        Delete
      </Button>
    </>
  );

  if (items.length === 0 && meta.total > 0)
    return (
      <EmptyState
        title={`Page ${meta.current_page} is past the end of the list`}
        hint={`The list has ${meta.total} parent ${meta.total === 1 ? "skill" : "skills"} on ${meta.last_page} ${meta.last_page === 1 ? "page" : "pages"}.`}
        action={
          <Button
            variant="secondary"
            onClick={() => navigate({ page: meta.last_page > 1 ? meta.last_page : null })}
          >
            Go to the last page
          </Button>
        }
      />
    );
  if (items.length === 0)
    return <EmptyState title={empty.title} hint={empty.hint} action={empty.action} />;

  const terms = deleting ? deleteTerms(deleting) : { usage: { count: 0, label: "" } };
  return (
    <div className="flex flex-col gap-4">
      {items.map((parent) => (
        <Card key={parent.id} aria-labelledby={`skill-${parent.id}`} role="region">
          <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <CardTitle id={`skill-${parent.id}`}>{parent.name}</CardTitle>
              {parent.description && <CardDescription>{parent.description}</CardDescription>}
              <p className="mt-1 text-xs text-gray-600">
                {parent.sub_skills.length === 1
                  ? "1 sub-skill"
                  : `${parent.sub_skills.length} sub-skills`}
                {parent.usage.count > 0 && ` · used by ${parent.usage.label}`}
              </p>
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              <AddSubSkillButton parent={parent} />
              {rowButtons(parent)}
            </div>
          </CardHeader>
          <CardContent className="pt-0 sm:pt-0">
            {parent.sub_skills.length === 0 ? (
              <p className="text-sm text-gray-600">
                No sub-skills yet. Add one so that shifts can ask for it and workers can offer it.
              </p>
            ) : (
              <SortableList
                items={parent.sub_skills}
                label={`Order of the sub-skills of ${parent.name}`}
                saveAction={saveSkillWeightsAction}
                renderItem={(s) => (
                  <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                    <div className="min-w-0">
                      <p className="font-medium text-gray-900">{s.name}</p>
                      {s.description && (
                        <p className="line-clamp-2 text-sm text-gray-600">{s.description}</p>
                      )}
                      <p className="text-xs text-gray-600">{usedText(s)}</p>
                    </div>
                    <div className="flex shrink-0 gap-2">{rowButtons(s)}</div>
                  </div>
                )}
              />
            )}
          </CardContent>
        </Card>
      ))}
      <Pagination meta={meta} label="Pages of parent skills" />

      {editing && (
        <SkillDialog open={editOpen} onOpenChange={setEditOpen} skill={editing} parents={parents} />
      )}
      <DeleteRecordDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        name={deleting?.name}
        noun={deleting?.parent_id === null ? "parent skill" : "skill"}
        usage={terms.usage}
        inUse={"inUse" in terms ? terms.inUse : undefined}
        pending={pending}
        onConfirm={() => deleting && remove(deleting)}
      />
    </div>
  );
}
