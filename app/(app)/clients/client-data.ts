import { cache } from "react";
import { requestCtx } from "@/lib/auth/session";
import { pageData, pageId } from "@/lib/http/page";
import { getCompany } from "@/lib/services/companies";

/** The client of a /client/{id} or /clients/edit/{id} page, or the 404 screen. */
export const clientForPage = cache(async (id: string) =>
  pageData(getCompany(await requestCtx(), pageId(id, "Company"))),
);
