import { cache } from "react";
import { requestCtx } from "@/lib/auth/session";
import { pageData } from "@/lib/http/page";
import { fetchJobForView } from "@/lib/services/jobs/view";

/** The job of the current request, loaded once for the layout and the tab pages. */
export const jobForPage = cache(async (id: string) =>
  pageData(fetchJobForView(await requestCtx(), id)),
);
