import { NavLink } from "@/components/ui/nav-link";
import { Alert } from "@/components/ui/alert";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { buttonClass } from "@/components/ui/button";
import { QuoteStatusBadge, quotePdfHref } from "@/components/quotes/quote-status";
import { Download } from "lucide-react";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { formatMoney } from "@/lib/domain/money";
import { isoToDisplay } from "@/lib/domain/time-entry";
import type { QuoteView } from "@/lib/services/quotes/view";
import { quoteForPage } from "./data";
import { QuoteCommands } from "../quote-commands";
import { DecideQuote } from "./decide-quote";

export const metadata = routeMetadata("/job-quotes/1");

const COST_KIND: Record<string, string> = {
  travel: "Travel",
  equipment: "Equipment",
  food: "Food",
  other: "Other",
};

/**
 * /job-quotes/{id} (issue 24): one quote. The office (job_edit) sees it whole with its
 * commands; a client contact its own company's sent quotes, read-only, with Accept/Decline.
 * Another company's id, a Draft for a client contact, a bad id: the 404 screen (the verb
 * decides). A quote carries client prices only, so no worker cost can show here.
 */
export default async function QuotePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const ctx = await requestCtx();
  const client = ctx.actor?.kind === "user" && ctx.actor.isClient;
  const q = await quoteForPage(id);
  const money = (minor: number) => formatMoney(minor, q.currency.code, q.currency.minor_units);
  const latest = q.revisions.at(-1);

  return (
    <>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-2">
            {q.number} <QuoteStatusBadge status={q.status} archived={q.archived} />
          </span>
        }
        description={`${q.name} · ${q.company.name}`}
        actions={
          client ? (
            <a href={quotePdfHref(q.id)} download className={buttonClass({ variant: "secondary" })}>
              <Download aria-hidden /> Download PDF
            </a>
          ) : undefined
        }
      />
      <div className="flex flex-col gap-6">
        <Notices
          q={q}
          client={Boolean(client)}
          latestId={latest && !latest.current ? latest.id : null}
        />
        {!client && (
          <QuoteCommands
            variant="page"
            quote={{
              id: q.id,
              number: q.number,
              company: q.company.name,
              draft: q.stored_status === "Draft",
              archived: q.archived,
              jobId: q.job?.id ?? null,
              can: q.actions,
            }}
          />
        )}
        {client && q.actions.decide && (
          <Card>
            <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-gray-700">
                Valid until {isoToDisplay(q.valid_until)}. Accept it to book the work, or decline
                it.
              </p>
              <DecideQuote id={q.id} number={q.number} />
            </CardContent>
          </Card>
        )}

        <Card>
          <CardHeader>
            <CardTitle>Details</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
              <Field label="Client">{q.company.name}</Field>
              <Field label="Branch">
                {q.branch.name} ({q.currency.code})
              </Field>
              <Field label="Where">{q.venue?.name ?? q.address ?? "—"}</Field>
              <Field label="Valid until">{isoToDisplay(q.valid_until)}</Field>
              <Field label="Created">{isoToDisplay(q.created_at.slice(0, 10))}</Field>
              {q.sent_at && <Field label="Sent">{isoToDisplay(q.sent_at.slice(0, 10))}</Field>}
              {q.job && (
                <Field label="Job">
                  {client ? (
                    q.job.name
                  ) : (
                    <NavLink
                      href={`/jobs/${q.job.id}/shifts`}
                      className="text-accent-700 hover:underline"
                    >
                      {q.job.name} ({q.job.status})
                    </NavLink>
                  )}
                </Field>
              )}
            </dl>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Work</CardTitle>
          </CardHeader>
          <CardContent className="px-0 sm:px-0">
            <ul className="divide-y divide-gray-200">
              {q.lines.map((l) => (
                <li
                  key={l.id}
                  className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4 sm:px-6"
                  data-testid="quote-line"
                >
                  <div className="flex min-w-0 flex-col gap-0.5">
                    <span className="font-medium">
                      {l.positions} × {l.skill.name}
                      {l.level ? ` (${l.level.name})` : ""}
                    </span>
                    <span className="text-sm text-gray-700">
                      {isoToDisplay(l.date)}, {l.start}–{l.end}
                      {l.overnight && " (ends next day)"}
                      {l.break_minutes > 0 && `, ${l.break_minutes} min break`}
                    </span>
                    <span className="text-sm text-gray-600">{l.split}</span>
                    {l.missing && (
                      <span className="text-sm text-warning-800">
                        No client price for this skill: billed at nothing.
                      </span>
                    )}
                  </div>
                  <span className="shrink-0 font-medium whitespace-nowrap tabular-nums">
                    {money(l.amount)}
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>

        {q.costs.length > 0 && (
          <Card>
            <CardHeader>
              <CardTitle>Additional costs</CardTitle>
            </CardHeader>
            <CardContent className="px-0 sm:px-0">
              <ul className="divide-y divide-gray-200">
                {q.costs.map((c) => (
                  <li
                    key={c.id}
                    className="flex flex-wrap items-start justify-between gap-2 px-4 py-3 sm:px-6"
                  >
                    <span className="min-w-0 break-words">
                      {COST_KIND[c.category] ?? c.category}
                      {c.description ? `: ${c.description}` : ""}
                      {c.quantity > 1 && (
                        <span className="text-sm text-gray-600">
                          {" "}
                          ({c.quantity} × {money(c.unit_amount)})
                        </span>
                      )}
                    </span>
                    <span className="whitespace-nowrap tabular-nums">{money(c.total)}</span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        )}

        <Card>
          <CardHeader>
            <CardTitle>Total</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="ml-auto flex max-w-sm flex-col gap-1 text-sm" data-testid="quote-totals">
              <Row label="Work">{money(q.totals.lines)}</Row>
              {q.totals.costs > 0 && <Row label="Additional costs">{money(q.totals.costs)}</Row>}
              <Row label="Subtotal">{money(q.totals.subtotal)}</Row>
              {q.totals.discount > 0 && (
                <Row
                  label={
                    q.discount?.kind === "percent"
                      ? `Discount (${q.discount.value / 100} %)`
                      : "Discount"
                  }
                >
                  −{money(q.totals.discount)}
                </Row>
              )}
              {q.vat_basis_points ? (
                <Row label={`VAT (${q.vat_basis_points / 100} %)`}>{money(q.totals.vat)}</Row>
              ) : null}
              <div className="mt-1 flex justify-between gap-4 border-t border-gray-200 pt-2 text-base font-semibold">
                <dt>Total</dt>
                <dd className="tabular-nums" data-testid="quote-total">
                  {money(q.totals.total)}
                </dd>
              </div>
            </dl>
          </CardContent>
        </Card>

        {q.notes && (
          <Card>
            <CardHeader>
              <CardTitle>Notes for the client</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="text-sm break-words whitespace-pre-line">{q.notes}</p>
            </CardContent>
          </Card>
        )}

        {q.revisions.length > 1 && (
          <Card>
            <CardHeader>
              <CardTitle>Revisions</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="flex flex-col gap-2 text-sm">
                {q.revisions.map((r) => (
                  <li key={r.id} className="flex flex-wrap items-center gap-2">
                    {r.current ? (
                      <span className="font-medium">{r.number} (this one)</span>
                    ) : (
                      <NavLink
                        href={`/job-quotes/${r.id}`}
                        className="text-accent-700 hover:underline"
                      >
                        {r.number}
                      </NavLink>
                    )}
                    <QuoteStatusBadge status={r.status} />
                    <span className="text-gray-600">{isoToDisplay(r.created_at.slice(0, 10))}</span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        )}
      </div>
    </>
  );
}

function Notices({
  q,
  client,
  latestId,
}: {
  q: QuoteView;
  client: boolean;
  latestId: number | null;
}) {
  return (
    <>
      {q.superseded && (
        <Alert tone="info" title="There is a newer revision of this quote">
          {latestId ? (
            <NavLink href={`/job-quotes/${latestId}`} className="underline underline-offset-2">
              Open the latest revision
            </NavLink>
          ) : (
            "This revision is kept for the record."
          )}
        </Alert>
      )}
      {q.status === "Expired" && !q.superseded && (
        <Alert tone="warning" title="This quote has expired">
          {client
            ? "Ask the agency for a new one."
            : "Edit it to make a new revision with a new validity date, then send that."}
        </Alert>
      )}
      {(q.status === "Accepted" || q.status === "Declined") && q.decided_at && (
        <Alert
          tone={q.status === "Accepted" ? "success" : "warning"}
          title={`${q.status} on ${isoToDisplay(q.decided_at.slice(0, 10))}`}
        >
          {q.decision_comment ? `Comment: ${q.decision_comment}` : "No comment was given."}
          {q.status === "Accepted" && !client && !q.job && " Convert it to a job to start booking."}
        </Alert>
      )}
      {q.archived && (
        <Alert tone="info" title="Archived">
          This quote is hidden from the quote list.
        </Alert>
      )}
    </>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col">
      <dt className="text-gray-600">{label}</dt>
      <dd className="break-words text-gray-900">{children}</dd>
    </div>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-gray-700">{label}</dt>
      <dd className="tabular-nums">{children}</dd>
    </div>
  );
}
