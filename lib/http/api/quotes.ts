import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import { fileDownload } from "../download";
import { quoteClientData } from "@/lib/services/quotes/client-data";
import { convertQuote } from "@/lib/services/quotes/convert";
import { quotePdf } from "@/lib/services/quotes/pdf";
import { listQuotes } from "@/lib/services/quotes/list";
import { getQuote } from "@/lib/services/quotes/view";
import {
  clientDataInput,
  decideQuoteInput,
  editQuoteInput,
  listQuotesInput,
  quoteFieldsInput,
  quoteIdInput,
} from "@/lib/services/quotes/schemas";
import { acceptQuote, declineQuote, sendQuote } from "@/lib/services/quotes/state";
import { deleteQuote, editQuote, saveQuote } from "@/lib/services/quotes/write";

const WHO =
  "[job_edit, agency staff; a client contact reads its own company's sent quotes; a worker 403]";

export const getQuotes = endpoint({
  method: "GET",
  path: "/job-quotes/fetch",
  summary: `Quotes, newest first, 10 a page, the latest revision of each: filter[company_id], filter[status] (Draft, Sent, Accepted, Declined, Expired — Expired is a Draft or Sent quote past valid_until in its branch's zone), filter[from]/filter[to] (created date, YYYY-MM-DD), filter[search] (number, name, client), filter[archived]=true for the archived ones ${WHO}`,
  tag: "quotes",
  auth: "user",
  query: listQuotesInput,
  paginated: true,
  run: (ctx, { query }) => listQuotes(ctx, query),
});

export const getQuoteEndpoint = endpoint<{ id: string }>({
  method: "GET",
  path: "/job-quotes/{id}",
  summary: `One quote: lines (band minutes, "6 h standard, 2 h night", prices used, amount), costs, totals in minor units, derived status, revisions, the job it became, what may be done ${WHO}`,
  tag: "quotes",
  auth: "user",
  run: (ctx, { params }) => getQuote(ctx, params.id),
});

export const postSaveQuote = endpoint({
  method: "POST",
  path: "/job-quotes/save",
  summary:
    "Create a Draft quote numbered Q-<year>-<0001>: name, company_id, branch_id (its currency), venue_id or address, valid_until, discount_kind (percent in basis points | amount in minor units) + discount_value, notes, lines (date, start, end HH:mm — end <= start ends the next day —, skill_id, level_id, positions, break_minutes), costs (category, description, quantity, unit_amount). Lines are priced with the client's card; skills without a price are named in `missing` [job_edit, agency staff]",
  tag: "quotes",
  auth: "user",
  status: 201,
  body: quoteFieldsInput,
  run: (ctx, { body }) => saveQuote(ctx, body),
});

export const postEditQuote = endpoint({
  method: "POST",
  path: "/job-quotes/edit",
  summary:
    "Change a quote (quoteId + the save fields): a Draft in place; a Sent, Declined or Expired one makes a new revision (-R2, …) and the old one is superseded; Accepted: 409 [job_edit, agency staff]",
  tag: "quotes",
  auth: "user",
  body: editQuoteInput,
  run: (ctx, { body }) => editQuote(ctx, body),
});

export const postQuoteClientData = endpoint({
  method: "POST",
  path: "/job-quotes/get-client-data",
  summary:
    "A client's data for the quote form (company_id): its client contacts, VAT, every branch with its currency and the skills its card prices there [job_edit, agency staff]",
  tag: "quotes",
  auth: "user",
  body: clientDataInput,
  run: (ctx, { body }) => quoteClientData(ctx, body),
});

export const postDeleteQuote = endpoint({
  method: "POST",
  path: "/job-quotes/delete",
  summary:
    "Delete a quote (quoteId): a Draft is deleted; a Sent, Accepted, Declined or Expired one is archived [job_edit, agency staff]",
  tag: "quotes",
  auth: "user",
  body: quoteIdInput,
  run: (ctx, { body }) => deleteQuote(ctx, body),
});

export const postSendQuote = endpoint({
  method: "POST",
  path: "/job-quotes/send",
  summary:
    "Send a Draft quote (quoteId): it becomes Sent and each client contact of the company gets an e-mail with a link; Expired or not a Draft: 409; no client contact: 422 [job_edit, agency staff]",
  tag: "quotes",
  auth: "user",
  body: quoteIdInput,
  run: (ctx, { body }) => sendQuote(ctx, body),
});

export const postAcceptQuote = endpoint({
  method: "POST",
  path: "/job-quotes/accept",
  summary:
    "Accept a Sent quote (quoteId, comment): a client contact of its company, or the office on the client's behalf [job_edit]; Expired or not Sent: 409",
  tag: "quotes",
  auth: "user",
  body: decideQuoteInput,
  run: (ctx, { body }) => acceptQuote(ctx, body),
});

export const postDeclineQuote = endpoint({
  method: "POST",
  path: "/job-quotes/decline",
  summary:
    "Decline a Sent quote (quoteId, comment): a client contact of its company, or the office on the client's behalf [job_edit]; Expired or not Sent: 409",
  tag: "quotes",
  auth: "user",
  body: decideQuoteInput,
  run: (ctx, { body }) => declineQuote(ctx, body),
});

export const postConvertQuote = endpoint({
  method: "POST",
  path: "/job-quotes/convert",
  summary:
    "Make an Accepted quote (quoteId) a Draft job: shifts per date and times, slots per skill, the quote's prices as the job's client rates; once only (409 the second time) [job_edit, agency staff]",
  tag: "quotes",
  auth: "user",
  body: quoteIdInput,
  run: (ctx, { body }) => convertQuote(ctx, body),
});

export const getQuotePdf = endpoint<{ id: string }>({
  method: "GET",
  path: "/job-quotes/generate/{id}",
  summary: `The quote as an A4 PDF (application/pdf, named 'Quote-<number>.pdf'): the agency's letterhead and terms (/settings), the client, number, date and validity, each line with its band split and amount, costs, discount, VAT and total; never worker pay ${WHO}`,
  tag: "quotes",
  auth: "user",
  run: async (ctx, { params }) => {
    const { bytes, filename } = await quotePdf(ctx, params.id);
    return fileDownload(bytes, filename, "application/pdf");
  },
});

export const quotesEndpoints: Endpoint[] = [
  getQuotes,
  getQuoteEndpoint,
  postSaveQuote,
  postEditQuote,
  postQuoteClientData,
  postDeleteQuote,
  postSendQuote,
  postAcceptQuote,
  postDeclineQuote,
  postConvertQuote,
  getQuotePdf,
] as Endpoint[];
