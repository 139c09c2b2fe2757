import { cache } from "react";
import { requestCtx } from "@/lib/auth/session";
import { pageData, pageId } from "@/lib/http/page";
import { fetchJobForView } from "@/lib/services/jobs/view";

/**
 * The job of the current request, loaded once for the layout and the tab pages. The layout
 * awaits it before any loading boundary, so an unknown or out-of-scope job is a real 404.
 */
export const jobForPage = cache(async (id: string) =>
  pageData(fetchJobForView(await requestCtx(), pageId(id, "Job"))),
);
