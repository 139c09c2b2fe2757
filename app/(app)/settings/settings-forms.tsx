"use client";

import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField, Input, Textarea } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import { useRecordSubmit } from "@/components/master-data/record-dialog";
import type { AgencySettingsView } from "@/lib/services/settings/agency";
import {
  removeAgencyLogoAction,
  saveAgencySettingsAction,
  uploadAgencyLogoAction,
} from "./actions";
import { EMAIL_MAX, LABEL_MAX, NOTE_MAX, SHORT_TEXT_MAX } from "@/lib/domain/text-limits";

const noop = () => {};

/** One card of the settings screen: its own form and Save, so a save never sends the others. */
function Section({
  title,
  description,
  onSubmit,
  pending,
  submitLabel = "Save",
  children,
}: {
  title: string;
  description: string;
  onSubmit: () => void;
  pending: boolean;
  submitLabel?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <form
        noValidate
        aria-label={title}
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <CardHeader>
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {children}
          <div>
            <Button type="submit" loading={pending}>
              {submitLabel}
            </Button>
          </div>
        </CardContent>
      </form>
    </Card>
  );
}

export function SettingsForms({
  settings,
  pageSizes,
  viewerHasTwoFactor,
  holidays,
}: {
  settings: AgencySettingsView;
  pageSizes: number[];
  viewerHasTwoFactor: boolean;
  /** The Holidays section, full width under the others. */
  holidays?: ReactNode;
}) {
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      <SecurityForm settings={settings} viewerHasTwoFactor={viewerHasTwoFactor} />
      <MaintenanceForm settings={settings} />
      <AgencyForm settings={settings} />
      <div className="flex flex-col gap-4">
        <LogoForm settings={settings} />
        <ListsForm settings={settings} pageSizes={pageSizes} />
      </div>
      {holidays}
    </div>
  );
}

function SecurityForm({
  settings,
  viewerHasTwoFactor,
}: {
  settings: AgencySettingsView;
  viewerHasTwoFactor: boolean;
}) {
  const { pending, errors, submit } = useRecordSubmit(noop);
  const [required, setRequired] = useState(settings.two_factor_required_for_admins);
  return (
    <Section
      title="Sign-in security"
      description="Administrators can change everything, so their accounts deserve a second factor."
      pending={pending}
      onSubmit={() =>
        submit(() => saveAgencySettingsAction({ two_factor_required_for_admins: required }))
      }
    >
      <Checkbox
        label="Require two-factor login for administrators"
        hint="An administrator without an authenticator app set up is sent to set one up before anything else."
        checked={required}
        errors={errors.two_factor_required_for_admins}
        onChange={(e) => setRequired(e.target.checked)}
      />
      {required && !viewerHasTwoFactor && (
        <Alert tone="warning" title="You have not set up two-factor login yet">
          Once this is saved, your next page asks you to set it up with an authenticator app.
        </Alert>
      )}
    </Section>
  );
}

function MaintenanceForm({ settings }: { settings: AgencySettingsView }) {
  const { pending, errors, submit } = useRecordSubmit(noop);
  const [on, setOn] = useState(settings.maintenance_mode);
  const [message, setMessage] = useState(settings.maintenance_message ?? "");
  return (
    <Section
      title="Maintenance mode"
      description="Close Crewdeck to everyone but administrators, for example while you import data."
      pending={pending}
      onSubmit={() =>
        submit(() =>
          saveAgencySettingsAction({ maintenance_mode: on, maintenance_message: message }),
        )
      }
    >
      {settings.maintenance_mode && (
        <Alert tone="warning" title="Maintenance mode is on">
          Only administrators can use Crewdeck. Everyone else sees the maintenance page, and the API
          answers 503.
        </Alert>
      )}
      <Checkbox
        label="Maintenance mode"
        hint="Project managers, crew handlers, client contacts and workers see the maintenance page until you switch it off."
        checked={on}
        errors={errors.maintenance_mode}
        onChange={(e) => setOn(e.target.checked)}
      />
      <FormField
        label="Message on the maintenance page"
        hint="Optional. For example: We are moving to a new server. Back at 07:00."
        errors={errors.maintenance_message}
      >
        <Textarea
          name="maintenance_message"
          rows={3}
          maxLength={SHORT_TEXT_MAX}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
      </FormField>
    </Section>
  );
}

function AgencyForm({ settings }: { settings: AgencySettingsView }) {
  const { pending, errors, submit } = useRecordSubmit(noop);
  const [values, setValues] = useState({
    agency_name: settings.agency_name,
    agency_email: settings.agency_email ?? "",
    agency_phone: settings.agency_phone ?? "",
    agency_address: settings.agency_address ?? "",
    agency_website: settings.agency_website ?? "",
    agency_quote_terms: settings.agency_quote_terms ?? "",
  });
  const field = (key: keyof typeof values) => ({
    name: key,
    value: values[key],
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [key]: e.target.value })),
  });
  return (
    <Section
      title="Agency details"
      description="Your agency as e-mails and PDFs (crew lists, quotes, pay slips) name it, with how to reach you."
      pending={pending}
      onSubmit={() => submit(() => saveAgencySettingsAction(values))}
    >
      <FormField label="Agency name" errors={errors.agency_name} required>
        <Input {...field("agency_name")} maxLength={LABEL_MAX} autoComplete="organization" />
      </FormField>
      <FormField label="E-mail" errors={errors.agency_email}>
        <Input {...field("agency_email")} type="email" maxLength={EMAIL_MAX} autoComplete="email" />
      </FormField>
      <FormField label="Phone" errors={errors.agency_phone}>
        <Input {...field("agency_phone")} type="tel" maxLength={20} autoComplete="tel" />
      </FormField>
      <FormField label="Address" errors={errors.agency_address}>
        <Textarea {...field("agency_address")} rows={2} maxLength={SHORT_TEXT_MAX} />
      </FormField>
      <FormField label="Website" hint="Starting with https://" errors={errors.agency_website}>
        <Input
          {...field("agency_website")}
          type="url"
          maxLength={SHORT_TEXT_MAX}
          autoComplete="url"
        />
      </FormField>
      <FormField
        label="Terms on quotes"
        hint="Printed at the end of every quote: payment terms, cancellation, what is included."
        errors={errors.agency_quote_terms}
      >
        <Textarea {...field("agency_quote_terms")} rows={4} maxLength={NOTE_MAX} />
      </FormField>
    </Section>
  );
}

/** IMAGE_UPLOAD's limit (lib/files/upload.ts, server-only), checked before sending. */
const LOGO_MAX_BYTES = 5 * 1024 * 1024;
const LOGO_TOO_LARGE = "The file may not be larger than 5 MB.";

function LogoForm({ settings }: { settings: AgencySettingsView }) {
  const { pending, errors, submit } = useRecordSubmit(noop);
  const remover = useRecordSubmit(noop);
  const input = useRef<HTMLInputElement>(null);
  return (
    <Section
      title="Logo"
      description="Printed at the top of crew lists, quotes and pay slips. JPEG, PNG or WebP, at most 5 MB."
      pending={pending}
      submitLabel="Upload logo"
      onSubmit={() => {
        const form = new FormData();
        const file = input.current?.files?.[0];
        if (file) form.set("file", file);
        // Next refuses a server-action body past its limit with a bare 500: say it here.
        if (file && file.size > LOGO_MAX_BYTES)
          return submit(async () => ({
            ok: false,
            status: 422,
            type: "validation",
            message: LOGO_TOO_LARGE,
            errors: { file: [LOGO_TOO_LARGE] },
          }));
        submit(async () => {
          const r = await uploadAgencyLogoAction(form);
          if (r.ok && input.current) input.current.value = "";
          return r;
        });
      }}
    >
      {settings.logo_url ? (
        <div className="flex flex-wrap items-center gap-4">
          {/* eslint-disable-next-line @next/next/no-img-element -- a stored upload, not a static asset */}
          <img
            src={settings.logo_url}
            alt={`${settings.agency_name} logo`}
            className="max-h-16 max-w-60 rounded border border-gray-200 bg-white p-2"
          />
          <Button
            type="button"
            variant="secondary"
            size="sm"
            loading={remover.pending}
            onClick={() => remover.submit(() => removeAgencyLogoAction())}
          >
            Remove logo
          </Button>
        </div>
      ) : (
        <p className="text-sm text-gray-600">No logo yet: crew lists print the agency name.</p>
      )}
      <FormField label="Logo file" errors={errors.file}>
        <Input ref={input} type="file" name="file" accept="image/jpeg,image/png,image/webp" />
      </FormField>
    </Section>
  );
}

function ListsForm({ settings, pageSizes }: { settings: AgencySettingsView; pageSizes: number[] }) {
  const { pending, errors, submit } = useRecordSubmit(noop);
  const [size, setSize] = useState(String(settings.default_page_size));
  return (
    <Section
      title="Lists"
      description="How many rows the office lists show per page (jobs, users, freelancers, venues and the settings lists)."
      pending={pending}
      onSubmit={() => submit(() => saveAgencySettingsAction({ default_page_size: Number(size) }))}
    >
      <FormField label="Rows per page" errors={errors.default_page_size}>
        <Select name="default_page_size" value={size} onChange={(e) => setSize(e.target.value)}>
          {pageSizes.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Select>
      </FormField>
    </Section>
  );
}
