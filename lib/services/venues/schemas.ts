import { z } from "zod";
import { NAME_MAX, NOTE_MAX, SHORT_TEXT_MAX, ZIP_MAX } from "@/lib/domain/text-limits";
import { pageInput } from "../pagination";
import { flag, optionalId, searchText } from "../params";
import {
  blankToUndefined,
  clearableId,
  clearableText,
  recordName,
  requiredCountryId,
} from "../record-fields";

/** Input schemas of the venue verbs (spec §3 Venue); the same ones feed the OpenAPI document. */

export const VENUE_STATUSES = ["private", "public", "declined"] as const;
export type VenueStatus = (typeof VENUE_STATUSES)[number];

export const VENUE_TABS = ["public", "mine", "all"] as const;
export type VenueTab = (typeof VENUE_TABS)[number];

/** A company id, or null / "" for a venue of the agency itself. */
const ownerCompany = clearableId;

/** Spec §9: "Venue type defaults to 1". */
const venueType = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(1000, "is out of range")
    .optional(),
);

const venueFields = {
  name: recordName,
  entrance: clearableText(SHORT_TEXT_MAX),
  country_id: requiredCountryId,
  city: clearableText(NAME_MAX),
  address: clearableText(SHORT_TEXT_MAX),
  zip: clearableText(ZIP_MAX),
  province: clearableText(NAME_MAX),
  notes: clearableText(NOTE_MAX),
  company_id: ownerCompany,
  type: venueType,
};

/**
 * POST venues. `public`: staff may publish at once ("Make it public now"); a client contact's
 * venue always waits for approval, and its company_id is always its own company (both are
 * ignored rather than refused, so the same form payload works for every role).
 */
export const createVenueInput = z.object({ ...venueFields, public: flag });
export type CreateVenueInput = z.output<typeof createVenueInput>;

/**
 * PUT venues/{id}: the fields given are changed, the others kept. The status is not edited
 * here: make-public and decline change it (and a client contact's edit resubmits a
 * declined venue, see updateVenue).
 */
export const updateVenueInput = z.object({
  ...venueFields,
  name: recordName.optional(),
  country_id: optionalId,
});
export type UpdateVenueInput = z.output<typeof updateVenueInput>;

export const venuesListInput = pageInput(10).extend({
  /**
   * public: approved venues; mine: a client contact's company's own venues that are not
   * public, or for staff the non-public venues they created; all (the default of the API):
   * everything the user may see, which staff filter by status to find venues awaiting
   * approval.
   */
  tab: z.preprocess(blankToUndefined, z.enum(VENUE_TABS).default("all")),
  filter: z
    .object({
      /** Name or city. */
      search: searchText,
      status: z.preprocess(blankToUndefined, z.enum(VENUE_STATUSES).optional()),
      company_id: optionalId,
      country_id: optionalId,
    })
    .optional()
    .default({}),
});
export type VenuesListInput = z.output<typeof venuesListInput>;
