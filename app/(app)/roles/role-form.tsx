"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { FormField, Input, Textarea } from "@/components/ui/form-field";
import {
  NewRecordButton,
  RecordDialog,
  RecordFormFooter,
  useRecordSubmit,
} from "@/components/master-data/record-dialog";
import type { PermissionChoiceGroup, RoleView } from "@/lib/services/roles";
import { createRoleAction, updateRoleAction } from "./actions";
import { PermissionChecklist } from "./permission-checklist";
import { COMMENT_MAX, LABEL_MAX } from "@/lib/domain/text-limits";

export function RoleDialog({
  open,
  onOpenChange,
  role,
  groups,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this one; create a new one when absent. */
  role?: RoleView;
  groups: PermissionChoiceGroup[];
}) {
  return (
    <RecordDialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={role ? `Edit role “${role.title}”` : "New role"}
      description="A role is a set of permissions. Its holders see the change on their next page."
    >
      {() => <RoleForm role={role} groups={groups} onDone={() => onOpenChange(false)} />}
    </RecordDialog>
  );
}

function RoleForm({
  role,
  groups,
  onDone,
}: {
  role?: RoleView;
  groups: PermissionChoiceGroup[];
  onDone: () => void;
}) {
  const { pending, errors, submit } = useRecordSubmit(onDone);
  const [title, setTitle] = useState(role?.title ?? "");
  const [description, setDescription] = useState(role?.description ?? "");
  const [permissionIds, setPermissionIds] = useState<number[]>(role?.permission_ids ?? []);
  const locked = role?.all_permissions ?? false;
  // A role holding what the viewer does not hold is beyond it: the server refuses any change.
  const beyond = groups
    .flatMap((g) => g.permissions)
    .filter((p) => !p.grantable && (role?.permission_ids ?? []).includes(p.id));
  const refused = role
    ? locked && beyond.length > 0
      ? "Only an administrator can change the Administrator role."
      : beyond.length > 0
        ? `This role holds permissions you do not hold (${beyond
            .slice(0, 3)
            .map((p) => p.label)
            .join(
              ", ",
            )}${beyond.length > 3 ? ` and ${beyond.length - 3} more` : ""}), so you cannot change it.`
        : null
    : null;

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        // The Administrator's permissions are not sent: it keeps every one whatever is sent.
        const values = { title, description, ...(!locked && { permission_ids: permissionIds }) };
        submit(() => (role ? updateRoleAction(role.id, values) : createRoleAction(values)));
      }}
    >
      <FormField
        label="Title"
        errors={errors.title}
        required
        hint={
          role?.built_in
            ? "A built-in role keeps its title: Crewdeck looks the role up by it."
            : undefined
        }
      >
        <Input
          name="title"
          value={title}
          maxLength={LABEL_MAX}
          autoComplete="off"
          readOnly={role?.built_in}
          onChange={(e) => setTitle(e.target.value)}
        />
      </FormField>
      <FormField
        label="Description"
        hint="Optional. Who holds this role."
        errors={errors.description}
      >
        <Textarea
          name="description"
          value={description}
          rows={2}
          maxLength={COMMENT_MAX}
          onChange={(e) => setDescription(e.target.value)}
        />
      </FormField>
      <section aria-labelledby="role-permissions-title" className="flex flex-col gap-3">
        <h3 id="role-permissions-title" className="text-base font-semibold text-gray-900">
          Permissions
        </h3>
        {locked && <Alert tone="info">The Administrator role always holds every permission.</Alert>}
        {refused && <Alert tone="warning">{refused}</Alert>}
        <PermissionChecklist
          groups={groups}
          value={permissionIds}
          onChange={setPermissionIds}
          errors={errors.permission_ids}
          locked={locked}
        />
      </section>
      <RecordFormFooter
        pending={pending}
        submitLabel={role ? "Save changes" : "Create role"}
        disabled={refused !== null}
      />
    </form>
  );
}

/** The page's primary action: opens the empty form. */
export function NewRoleButton({ groups }: { groups: PermissionChoiceGroup[] }) {
  return (
    <NewRecordButton
      label="New role"
      renderDialog={(open, onOpenChange) => (
        <RoleDialog open={open} onOpenChange={onOpenChange} groups={groups} />
      )}
    />
  );
}
