import "server-only";
import { requestCtx } from "@/lib/auth/session";
import { localDate } from "@/lib/domain/salary";
import { salaryView } from "@/lib/domain/salary-screen";
import { AGENCY_TIME_ZONE } from "@/lib/services/viewer-zone";

export type Search = Record<string, string | string[] | undefined>;

export const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;

/** The signed-in ctx and the period and place the query names (last month by default). */
export async function salaryPage(searchParams: Promise<Search>) {
  const [sp, ctx] = await Promise.all([searchParams, requestCtx()]);
  return { sp, ctx, view: salaryView(sp, localDate(ctx.now, AGENCY_TIME_ZONE)) };
}
