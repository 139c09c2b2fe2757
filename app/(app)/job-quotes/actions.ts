"use server";

import { runAction } from "@/lib/http/action";
import { convertQuote } from "@/lib/services/quotes/convert";
import { quoteFormClient } from "@/lib/services/quotes/form-options";
import { previewQuote } from "@/lib/services/quotes/preview";
import { acceptQuote, declineQuote, sendQuote } from "@/lib/services/quotes/state";
import { deleteQuote, editQuote, saveQuote } from "@/lib/services/quotes/write";

/** The quote screens' server actions: each one calls its verb, which checks and validates. */

export async function quoteClientAction(companyId: number) {
  return runAction((ctx) => quoteFormClient(ctx, companyId));
}

export async function previewQuoteAction(input: unknown) {
  return runAction((ctx) => previewQuote(ctx, input));
}

/** Saves a new quote (id null) or edits one (a Draft in place, else a new revision). */
export async function saveQuoteAction(id: number | null, input: Record<string, unknown>) {
  return runAction(async (ctx) => {
    const q =
      id === null ? await saveQuote(ctx, input) : await editQuote(ctx, { ...input, quoteId: id });
    return { id: q.id, number: q.number, revision: q.revision };
  });
}

export async function sendQuoteAction(id: number) {
  return runAction(async (ctx) => {
    const q = await sendQuote(ctx, { quoteId: id });
    return { message: `Quote ${q.number} sent to ${q.company.name}.` };
  });
}

export async function acceptQuoteAction(id: number, comment: string) {
  return runAction(async (ctx) => {
    const q = await acceptQuote(ctx, { quoteId: id, comment });
    return { message: `Quote ${q.number} accepted.` };
  });
}

export async function declineQuoteAction(id: number, comment: string) {
  return runAction(async (ctx) => {
    const q = await declineQuote(ctx, { quoteId: id, comment });
    return { message: `Quote ${q.number} declined.` };
  });
}

export async function convertQuoteAction(id: number) {
  return runAction(async (ctx) => {
    const q = await convertQuote(ctx, { quoteId: id });
    return { message: `Quote ${q.number} is now a draft job.`, jobId: q.job_id };
  });
}

export async function deleteQuoteAction(id: number) {
  return runAction((ctx) => deleteQuote(ctx, { quoteId: id }));
}
