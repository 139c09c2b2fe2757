"use client";

import { NavLink } from "@/components/ui/nav-link";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog-lazy";
import type { ApplicantView } from "./applicants-table";

const dash = <span className="text-gray-600">—</span>;
const listOf = (names: string[]) => (names.length ? names.join(", ") : dash);

/** The applicant's documents as counts per state, linking to their documents tab. */
export function DocumentBadges({ a }: { a: ApplicantView }) {
  const d = a.documents;
  if (d.pending + d.approved + d.declined === 0)
    return (
      <NavLink href={`/users/${a.id}/my-documents`} className="text-gray-700 hover:underline">
        No documents
      </NavLink>
    );
  return (
    <NavLink
      href={`/users/${a.id}/my-documents`}
      className="flex flex-wrap gap-1 rounded hover:underline"
      aria-label={`Documents of ${a.name}: ${d.pending} pending, ${d.approved} approved, ${d.declined} declined`}
    >
      {d.pending > 0 && <Badge tone="warning">{d.pending} pending</Badge>}
      {d.approved > 0 && <Badge tone="success">{d.approved} approved</Badge>}
      {d.declined > 0 && <Badge tone="danger">{d.declined} declined</Badge>}
    </NavLink>
  );
}

/** "4 of 6" profile steps, and what is missing. */
export function Completeness({
  c,
  short = false,
}: {
  c: ApplicantView["completeness"];
  short?: boolean;
}) {
  const complete = c.done === c.total;
  return (
    <span className="flex flex-col gap-0.5">
      <Badge tone={complete ? "success" : "neutral"} className="w-fit">
        Profile {c.done} of {c.total}
      </Badge>
      {!complete && !short && (
        <span className="text-xs text-gray-600">Missing: {c.missing.join(", ").toLowerCase()}</span>
      )}
    </span>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-gray-600">{label}</dt>
      <dd className="min-w-0 break-words text-gray-900">{children}</dd>
    </div>
  );
}

/**
 * Everything the office looks at before approving, for one applicant: the columns the table
 * leaves out (where, skills, who invited them) and the full profile check, with Approve.
 */
export function ApplicantDetails({
  applicant: a,
  onOpenChange,
  onApprove,
}: {
  applicant: ApplicantView;
  onOpenChange: (open: boolean) => void;
  onApprove: () => void;
}) {
  const where = [a.country?.name, ...a.branches.map((b) => b.name)].filter(Boolean) as string[];
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent title={a.name} description="Applicant awaiting approval" size="lg">
        <dl className="divide-y divide-gray-100 text-sm">
          <Row label="E-mail">
            <span className="[overflow-wrap:anywhere]">{a.email}</span>
            {!a.email_verified && <span className="text-gray-600"> (not confirmed yet)</span>}
          </Row>
          <Row label="Phone">{a.phone ?? dash}</Row>
          <Row label="Registered">{a.registered}</Row>
          <Row label="Country / branch">{listOf(where)}</Row>
          <Row label="Skills">{listOf(a.skills)}</Row>
          <Row label="Documents">
            <DocumentBadges a={a} />
          </Row>
          <Row label="Profile">
            <Completeness c={a.completeness} />
          </Row>
          <Row label="Invited by">
            {a.invited_by ? (
              <NavLink
                href={`/users/${a.invited_by.id}/personal`}
                className="text-accent-700 hover:underline"
              >
                {a.invited_by.name}
              </NavLink>
            ) : (
              dash
            )}
          </Row>
        </dl>
        <DialogFooter>
          <NavLink
            href={`/users/${a.id}/personal`}
            className="inline-flex min-h-11 items-center justify-center text-sm font-medium text-accent-700 hover:underline sm:mr-auto"
          >
            Open the full profile
          </NavLink>
          <DialogClose asChild>
            <Button variant="secondary">Close</Button>
          </DialogClose>
          <Button onClick={onApprove}>Approve {a.name}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** "Approve Ida Pedersen as a freelancer?" before the approval is sent. */
export function ConfirmApprove({
  applicant: a,
  pending,
  onCancel,
  onConfirm,
}: {
  applicant: ApplicantView;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onCancel()}>
      <DialogContent
        title={`Approve ${a.name} as a freelancer?`}
        description={`${a.name} (${a.email}) can then apply for shifts and be booked. Profile ${a.completeness.done} of ${a.completeness.total} done.`}
        size="sm"
      >
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" disabled={pending}>
              Cancel
            </Button>
          </DialogClose>
          <Button loading={pending} disabled={pending} onClick={onConfirm}>
            Approve
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
