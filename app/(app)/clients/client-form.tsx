"use client";

import { useRef, useState, useTransition } from "react";
import { NavLink } from "@/components/ui/nav-link";
import { useRouter } from "next/navigation";
import { Download, Trash2 } from "lucide-react";
import { Button, buttonClass } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { fileInputClass } from "@/components/ui/file-input";
import { FieldErrors, FormField, Input, Textarea } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import { notify } from "@/components/ui/toaster";
import type { CompanyView } from "@/lib/services/companies";
import { sendDocument } from "@/app/(app)/users/[id]/my-documents/send-document";
import { deleteClientFileAction, saveClientAction } from "./actions";
import type { ClientFormOptions } from "./form-data";
import {
  CODE_MAX,
  EMAIL_MAX,
  NAME_MAX,
  NOTE_MAX,
  SHORT_TEXT_MAX,
  ZIP_MAX,
} from "@/lib/domain/text-limits";

type TextKey =
  | "name"
  | "taxid"
  | "countryid"
  | "default_branch"
  | "address"
  | "zip"
  | "city"
  | "phone"
  | "email"
  | "type_of_work"
  | "safety_requirements"
  | "water_policy"
  | "dresscode"
  | "food_policy"
  | "value_workers";
type Fields = Record<TextKey, string> & { key_account_managers: number[] };

const initial = (c: CompanyView | null, countries: { id: number }[]): Fields => ({
  name: c?.name ?? "",
  taxid: c?.taxid ?? "",
  countryid: String(c?.countryid ?? (countries.length === 1 ? countries[0].id : "")),
  default_branch: c?.default_branch ? String(c.default_branch.id) : "",
  address: c?.address ?? "",
  zip: c?.zip ?? "",
  city: c?.city ?? "",
  phone: c?.phone ?? "",
  email: c?.email ?? "",
  type_of_work: c?.type_of_work ?? "",
  safety_requirements: c?.safety_requirements ?? "",
  water_policy: c?.water_policy ?? "",
  dresscode: c?.dresscode ?? "",
  food_policy: c?.food_policy ?? "",
  value_workers: c?.value_workers ?? "",
  key_account_managers: c?.key_account_managers.map((m) => m.id) ?? [],
});

const POLICIES: { key: TextKey; label: string; hint?: string }[] = [
  { key: "type_of_work", label: "Type of work" },
  { key: "safety_requirements", label: "Safety requirements" },
  { key: "water_policy", label: "Water policy" },
  { key: "dresscode", label: "Dress code" },
  { key: "food_policy", label: "Food policy" },
  { key: "value_workers", label: "What the client values in workers" },
];

/** /clients/new and /clients/edit/{id}: one form, in sections (spec §3 Company). */
export function ClientForm({
  client,
  options,
}: {
  client: CompanyView | null;
  options: ClientFormOptions;
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [fields, setFields] = useState<Fields>(() => initial(client, options.countries));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const set = (key: TextKey) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setFields((f) => ({
      ...f,
      [key]: value,
      // A branch belongs to one country: changing the country clears it.
      ...(key === "countryid" ? { default_branch: "" } : {}),
    }));
  };
  const text = (key: TextKey) => ({ value: fields[key], onChange: set(key) });
  const branches = options.branches.filter((b) => String(b.country_id) === fields.countryid);

  const submit = () => {
    start(async () => {
      const r = await saveClientAction(client?.id ?? null, fields);
      if (r.ok) {
        notify.success(r.data.message);
        router.push(`/client/${r.data.id}`);
        router.refresh();
        return;
      }
      setErrors(r.errors ?? {});
      notify.error(r.message);
    });
  };

  const toggleManager = (id: number, on: boolean) =>
    setFields((f) => ({
      ...f,
      key_account_managers: on
        ? [...f.key_account_managers, id]
        : f.key_account_managers.filter((m) => m !== id),
    }));

  return (
    <div className="flex flex-col gap-6">
      <form
        noValidate
        className="flex flex-col gap-6"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Card>
          <CardHeader>
            <CardTitle>Company</CardTitle>
          </CardHeader>
          <CardContent>
            <fieldset disabled={pending} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <legend className="sr-only">Company</legend>
              <FormField label="Name" required errors={errors.name} className="sm:col-span-2">
                <Input {...text("name")} maxLength={NAME_MAX} autoComplete="organization" />
              </FormField>
              <FormField label="Country" required errors={errors.countryid}>
                <Select {...text("countryid")} placeholder="Choose a country">
                  {options.countries.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </Select>
              </FormField>
              <FormField
                label="Tax id"
                hint="Checked against the country's format (e.g. a CVR number in Denmark)."
                errors={errors.taxid}
              >
                <Input {...text("taxid")} maxLength={CODE_MAX} autoComplete="off" />
              </FormField>
              <FormField label="Default branch" errors={errors.default_branch}>
                <Select {...text("default_branch")}>
                  <option value="">No default branch</option>
                  {branches.map((b) => (
                    <option key={b.id} value={b.id}>
                      {b.name}
                    </option>
                  ))}
                </Select>
              </FormField>
              <FormField label="Email" errors={errors.email}>
                <Input {...text("email")} type="email" maxLength={EMAIL_MAX} autoComplete="email" />
              </FormField>
              <FormField label="Address" errors={errors.address} className="sm:col-span-2">
                <Input
                  {...text("address")}
                  maxLength={SHORT_TEXT_MAX}
                  autoComplete="street-address"
                />
              </FormField>
              <FormField label="Zip code" errors={errors.zip}>
                <Input {...text("zip")} maxLength={ZIP_MAX} autoComplete="postal-code" />
              </FormField>
              <FormField label="City" errors={errors.city}>
                <Input {...text("city")} maxLength={NAME_MAX} autoComplete="address-level2" />
              </FormField>
              <FormField label="Phone" errors={errors.phone}>
                <Input {...text("phone")} type="tel" maxLength={CODE_MAX} autoComplete="tel" />
              </FormField>
            </fieldset>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Policies</CardTitle>
            <CardDescription>
              What crew should know before they work for this client.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <fieldset disabled={pending} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <legend className="sr-only">Policies</legend>
              {POLICIES.map((p) => (
                <FormField key={p.key} label={p.label} errors={errors[p.key]}>
                  <Textarea {...text(p.key)} rows={3} maxLength={NOTE_MAX} />
                </FormField>
              ))}
            </fieldset>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Key account managers</CardTitle>
            <CardDescription>The office users who look after this client.</CardDescription>
          </CardHeader>
          <CardContent>
            <fieldset disabled={pending}>
              <legend className="sr-only">Key account managers</legend>
              <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
                {options.managers.map((m) => (
                  <Checkbox
                    key={m.id}
                    label={m.name}
                    checked={fields.key_account_managers.includes(m.id)}
                    onChange={(e) => toggleManager(m.id, e.target.checked)}
                  />
                ))}
              </div>
              <FieldErrors messages={errors.key_account_managers ?? []} className="mt-2" />
            </fieldset>
          </CardContent>
        </Card>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <NavLink
            href={client ? `/client/${client.id}` : "/clients"}
            className={buttonClass({ variant: "secondary" })}
          >
            Cancel
          </NavLink>
          <Button type="submit" loading={pending}>
            {client ? "Save client" : "Create client"}
          </Button>
        </div>
      </form>
      {client && <ClientFiles client={client} />}
    </div>
  );
}

/** The client's files: upload (multipart to the API, which sniffs and stores), download, delete. */
function ClientFiles({ client }: { client: CompanyView }) {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, startDelete] = useTransition();
  const [errors, setErrors] = useState<string[]>([]);

  const upload = async () => {
    const file = input.current?.files?.[0];
    if (!file) return setErrors(["The file field is required."]);
    setBusy(true);
    const r = await sendDocument(`/api/v2/companies/${client.id}/files`, "POST", { file });
    setBusy(false);
    if (!r.ok) {
      setErrors(r.errors.file ?? []);
      return void notify.error(r.message);
    }
    setErrors([]);
    if (input.current) input.current.value = "";
    notify.success(r.message);
    router.refresh();
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Files</CardTitle>
        <CardDescription>Contracts, site maps and other documents of this client.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <FilesList
          client={client}
          onDelete={(fileId) =>
            startDelete(async () => {
              const r = await deleteClientFileAction(client.id, fileId);
              if (!r.ok) return void notify.error(r.message);
              notify.success(r.data.message);
              router.refresh();
            })
          }
          deleting={deleting}
        />
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <FormField
            label="Add a file"
            hint="PDF, image or office document, at most 10 MB."
            errors={errors}
            className="min-w-0 flex-1"
          >
            <input ref={input} type="file" className={fileInputClass} />
          </FormField>
          <Button type="button" variant="secondary" loading={busy} onClick={() => void upload()}>
            Upload
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

export function FilesList({
  client,
  onDelete,
  deleting,
}: {
  client: CompanyView;
  onDelete?: (fileId: number) => void;
  deleting?: boolean;
}) {
  if (!client.uploaded_files.length) return <p className="text-sm text-gray-600">No files yet.</p>;
  return (
    <ul className="divide-y divide-gray-200 rounded-control border border-gray-200">
      {client.uploaded_files.map((f) => (
        <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
          <span className="min-w-0 text-sm break-words text-gray-900">
            {f.file_name}{" "}
            <span className="text-gray-600">
              ({Math.max(1, Math.round(f.size_bytes / 1024))} KB)
            </span>
          </span>
          <span className="flex gap-2">
            <a
              href={`/api/v2/companies/${client.id}/files/${f.id}`}
              className={buttonClass({ variant: "secondary", size: "sm" })}
              aria-label={`Download ${f.file_name}`}
            >
              <Download aria-hidden /> Download
            </a>
            {onDelete && (
              <Button
                size="sm"
                variant="secondary"
                disabled={deleting}
                aria-label={`Delete ${f.file_name}`}
                onClick={() => onDelete(f.id)}
              >
                <Trash2 aria-hidden /> Delete
              </Button>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
