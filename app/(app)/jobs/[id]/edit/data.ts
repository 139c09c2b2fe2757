import { cache } from "react";
import { requestCtx } from "@/lib/auth/session";
import { pageData, pageId } from "@/lib/http/page";
import { getJobForEdit } from "@/lib/services/jobs/edit-form";

/** The job to edit, loaded once for the layout (which decides 404) and the page. */
export const jobForEdit = cache(async (id: string) =>
  pageData(getJobForEdit(await requestCtx(), pageId(id, "Job"))),
);
