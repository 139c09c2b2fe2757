import { NavLink } from "@/components/ui/nav-link";
import { Plus } from "lucide-react";
import { FilterBar, type FilterField } from "@/components/ui/filter-bar";
import { PageHeader } from "@/components/ui/page-header";
import { buttonClass } from "@/components/ui/button";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { QUOTE_FILTER_STATUSES } from "@/lib/domain/quotes";
import { lenientList, pageData } from "@/lib/http/page";
import { listQuotes } from "@/lib/services/quotes/list";
import { quoteListDetails } from "@/lib/services/quotes/list-details";
import { listCompanies } from "@/lib/services/companies/list";
import { QuotesTable } from "./quotes-table";

export const metadata = routeMetadata("/job-quotes");

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;

/**
 * /job-quotes (issue 24): the office's quotes (job_edit), 10 a page, newest first, filtered
 * by client, state (Expired included), created dates and a search; the URL keeps them. A
 * client contact sees its own company's sent quotes here (the verb scopes them), read-only.
 */
export default async function QuotesPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const ctx = await requestCtx();
  const client = ctx.actor?.kind === "user" && ctx.actor.isClient;
  const filter = {
    search: one(sp.search),
    status: one(sp.status),
    from: one(sp.from),
    to: one(sp.to),
    company_id: client ? undefined : one(sp.company_id),
    archived: one(sp.archived),
  };
  const [{ data: page }, companies] = await Promise.all([
    // A value the list rejects (?page=0, ?status=zzz, ?from=abc) is left out, not an error.
    lenientList((input) => listQuotes(ctx, input), { page: one(sp.page), filter }),
    client ? null : pageData(listCompanies(ctx, { dropdown: true, perPage: 100 })),
  ]);
  const details = await pageData(
    quoteListDetails(
      ctx,
      page.items.map((q) => q.id),
    ),
  );

  const fields: FilterField[] = [
    {
      kind: "search",
      param: "search",
      label: "Search",
      placeholder: client ? "Quote number or name" : "Number, name or client",
    },
    {
      kind: "select",
      param: "status",
      label: "State",
      all: "All states",
      options: QUOTE_FILTER_STATUSES.filter((s) => !client || s !== "Draft").map((s) => ({
        value: s,
        label: s,
      })),
    },
  ];
  if (companies)
    fields.push({
      kind: "select",
      param: "company_id",
      label: "Client",
      all: "All clients",
      options: companies.items.map((c) => ({ value: c.id, label: c.name })),
    });
  fields.push(
    { kind: "date", param: "from", label: "Created from" },
    { kind: "date", param: "to", label: "Created until" },
  );
  if (!client) fields.push({ kind: "toggle", param: "archived", label: "Archived" });
  const filtered = Object.values(filter).some(Boolean);
  const newQuote = client ? undefined : (
    <NavLink href="/create-quote" className={buttonClass({})}>
      <Plus aria-hidden /> New quote
    </NavLink>
  );

  return (
    <>
      <PageHeader
        title="Quotes"
        description={
          client
            ? "The quotes the agency has sent you. Open one to accept or decline it."
            : "Price work for a client before it is booked. An accepted quote becomes a job."
        }
        actions={newQuote}
      />
      <FilterBar label="Filter quotes" fields={fields} />
      <QuotesTable
        items={page.items.map((q) => ({
          ...q,
          details: details.get(q.id) ?? null,
        }))}
        meta={page.meta}
        client={Boolean(client)}
        emptyTitle={
          filtered
            ? "No quotes match these filters"
            : client
              ? "No quotes for you yet"
              : "No quotes yet"
        }
        emptyHint={
          filtered
            ? "Try another state, date or search, or clear the filters."
            : client
              ? "When the agency sends you a quote, it appears here."
              : "Make a quote to price work for a client; send it, and once accepted, turn it into a job."
        }
        emptyAction={filtered ? undefined : newQuote}
      />
    </>
  );
}
