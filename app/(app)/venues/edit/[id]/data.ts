import { cache } from "react";
import { requestCtx } from "@/lib/auth/session";
import { pageData, pageId } from "@/lib/http/page";
import { getVenue } from "@/lib/services/venues";

/** /venues/edit/new adds a venue (null here); any other id must name one the user may see. */
export const venueForPage = cache(async (id: string) =>
  id === "new" ? null : pageData(getVenue(await requestCtx(), pageId(id, "Venue"))),
);
