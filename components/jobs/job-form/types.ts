import type { z } from "zod";
import type { createJobInput, editJobInput } from "@/lib/services/jobs/schemas";
import type {
  BranchOption,
  CompanyOption,
  CountryOption,
  SkillOption,
  UserOption,
  VenueOption,
} from "@/lib/services/reference";

/** Everything the job form offers, loaded by the page (server) once. */
export interface JobFormOptions {
  companies: CompanyOption[];
  countries: CountryOption[];
  skills: SkillOption[];
  dressCodes: { id: number; name: string }[];
  /** Live branches; the edit form adds the job's archived ones, marked. */
  branches: (BranchOption & { archived?: boolean })[];
  /** Agency staff: project managers, bookers, and contacts on location from the agency. */
  staff: UserOption[];
  canSelectBooker: boolean;
}

/** What depends on the chosen company; fetched when it changes. */
export interface CompanyOptions {
  venues: VenueOption[];
  contacts: UserOption[];
  frequentSkillIds: number[];
}

export interface JobFieldValues {
  name: string;
  company_id: number | null;
  country_id: number | null;
  venue_id: number | null;
  venue_name: string;
  address: string;
  city: string;
  zip: string;
  province: string;
  entrance: string;
  invoice_reference: string;
  contact_on_location_id: number | null;
  project_manager_id: number | null;
  dresscode_id: number | null;
  details: string;
  book_from_branches: number[];
  booker_id: number | null;
  reason: string;
  sendEmail: boolean;
  is_past: boolean;
}

export const emptyJobFields: JobFieldValues = {
  name: "",
  company_id: null,
  country_id: null,
  venue_id: null,
  venue_name: "",
  address: "",
  city: "",
  zip: "",
  province: "",
  entrance: "",
  invoice_reference: "",
  contact_on_location_id: null,
  project_manager_id: null,
  dresscode_id: null,
  details: "",
  book_from_branches: [],
  booker_id: null,
  reason: "",
  sendEmail: false,
  is_past: false,
};

export type FieldErrorMap = Record<string, string[]>;

/** What the form sends: the input of the create and of the edit verb (from their schemas). */
export type JobSavePayload = z.input<typeof createJobInput> & z.input<typeof editJobInput>;
