import { cache } from "react";
import { requestCtx } from "@/lib/auth/session";
import { pageData, pageId } from "@/lib/http/page";
import { getTemplate } from "@/lib/services/templates";

/** The template of the current request, loaded once for the layout and the page. */
export const templateForPage = cache(async (id: string) =>
  pageData(getTemplate(await requestCtx(), pageId(id, "Job template"))),
);
