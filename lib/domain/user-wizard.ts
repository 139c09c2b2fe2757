import { ROLE } from "./permissions";

/**
 * The "Create user" wizard (spec §2 /users/create): the role is chosen first, and the role
 * decides which steps follow and which fields each step asks for. A pure description: the
 * screen draws it, `GET userCreate/fields` answers it, and the server's zod schema checks the
 * same fields (lib/services/users/schemas.ts).
 */
export const WIZARD_STEPS = [
  "role",
  "account",
  "personal",
  "skills",
  "branches",
  "payment",
  "company",
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** Which kind of person a role creates: a freelancer, a client contact, or agency staff. */
export type WizardKind = "worker" | "client" | "staff";

export function wizardKind(roleTitle: string): WizardKind {
  if (roleTitle === ROLE.worker) return "worker";
  if (roleTitle === ROLE.client) return "client";
  return "staff";
}

const STEPS: Record<WizardKind, WizardStep[]> = {
  worker: ["role", "account", "personal", "skills", "branches", "payment"],
  client: ["role", "account", "personal", "company"],
  staff: ["role", "account", "personal", "branches"],
};

export const stepsFor = (kind: WizardKind): WizardStep[] => STEPS[kind];

export const STEP_TITLES: Record<WizardStep, string> = {
  role: "Role",
  account: "Account",
  personal: "Personal details",
  skills: "Skills and levels",
  branches: "Branches",
  payment: "Payment",
  company: "Company",
};

/** Where a choice field takes its options from (the screen loads them; the API names them). */
export type OptionSource =
  "roles" | "countries" | "languages" | "branches" | "skills" | "levels" | "companies";

export interface WizardField {
  name: string;
  label: string;
  type:
    | "text"
    | "email"
    | "password"
    | "tel"
    | "date"
    | "select"
    | "multiselect"
    | "checkbox"
    | "skills";
  required: boolean;
  options?: OptionSource;
  hint?: string;
}

const f = (
  name: string,
  label: string,
  type: WizardField["type"],
  required: boolean,
  extra: Partial<WizardField> = {},
): WizardField => ({ name, label, type, required, ...extra });

/**
 * The fields of one step for a kind of user. `danishBank` switches the payment step from
 * IBAN and SWIFT to the Danish registration and account numbers; `passwordLink` drops the
 * password (the new user chooses one through an e-mailed link).
 */
export function stepFields(
  kind: WizardKind,
  step: WizardStep,
  opts: { danishBank?: boolean; passwordLink?: boolean } = {},
): WizardField[] {
  if (!STEPS[kind].includes(step)) return [];
  switch (step) {
    case "role":
      return [f("role_id", "Role", "select", true, { options: "roles" })];
    case "account":
      return [
        f("email", "E-mail", "email", true),
        f("send_password_link", "E-mail the user a link to choose a password", "checkbox", false),
        ...(opts.passwordLink
          ? []
          : [
              f("password", "Password", "password", true, {
                hint: "At least 8 characters with an upper-case letter, a lower-case letter, a digit and a special character.",
              }),
            ]),
      ];
    case "personal":
      return [
        f("first_name", "First name", "text", true),
        f("last_name", "Last name", "text", true),
        f("phone", "Phone", "tel", kind === "worker"),
        ...(kind === "worker"
          ? [
              f("birth_date", "Birth date", "date", true, { hint: "DD/MM/YYYY" }),
              f("country_id", "Country", "select", true, { options: "countries" as const }),
              f("languages", "Languages", "multiselect", false, { options: "languages" as const }),
            ]
          : [f("country_id", "Country", "select", false, { options: "countries" as const })]),
      ];
    case "skills":
      return [
        f("skills", "Skills", "skills", true, {
          options: "skills",
          hint: "Each skill with its level and years of experience.",
        }),
      ];
    case "branches":
      return [f("branches", "Branches", "multiselect", kind === "worker", { options: "branches" })];
    case "payment":
      return [
        f("has_danish_bank", "Has a Danish bank account", "checkbox", false),
        ...(opts.danishBank
          ? [f("reg", "Reg. number", "text", true), f("konto", "Account number", "text", true)]
          : [f("iban", "IBAN", "text", true), f("swift", "SWIFT / BIC", "text", true)]),
        f("social_security", "Social security number", "text", false),
        f("tax_card", "Tax card", "text", false),
        f("has_tax_id", "Invoices as a company (has a tax id)", "checkbox", false),
        f("tax_id", "Tax id", "text", false),
        f("company_name", "Company name", "text", false),
      ];
    case "company":
      return [f("company_id", "Company", "select", true, { options: "companies" })];
  }
}
