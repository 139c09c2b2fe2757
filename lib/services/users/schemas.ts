import { z } from "zod";
import {
  EMAIL_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  PERSON_NAME_MAX,
  tooLongMessage,
} from "@/lib/domain/text-limits";
import { newPasswordProblem } from "@/lib/domain/password";
import { parseDateEntry, isoOfDay } from "@/lib/domain/time-entry";
import { checkPaymentDetails } from "@/lib/domain/payment-details";
import { stepsFor, type WizardKind, type WizardStep } from "@/lib/domain/user-wizard";
import { flag, idList, idSchema, optionalId } from "../params";
import { optionalPhone, requiredPhone } from "../phone";

/**
 * The body of `POST users` (the wizard's final call), built for the kind of user the chosen
 * role creates, and the schema of each step (the same fields, picked), so a step checks on
 * the server exactly what the final call will check.
 */
const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

const required = (label: string, max = NAME_MAX) =>
  z
    .string({ error: `The ${label} field is required.` })
    .trim()
    .min(1, `The ${label} field is required.`)
    .max(max, tooLongMessage(label, max));

const optional = (label: string, max = NAME_MAX) =>
  z.preprocess(blank, required(label, max).optional());

const email = z
  .string({ error: "The email field is required." })
  .trim()
  .toLowerCase()
  .min(1, "The email field is required.")
  .pipe(z.email({ error: "The email must be a valid email address." }).max(EMAIL_MAX));

/** Blank is no password (then one is required unless a link is sent: passwordOrLink). */
const password = z.preprocess(
  blank,
  z
    .string({ error: "The password field is required." })
    .max(PASSWORD_MAX, tooLongMessage("password", PASSWORD_MAX))
    .superRefine((v, c) => {
      const problem = newPasswordProblem(v);
      if (problem) c.addIssue({ code: "custom", message: problem });
    })
    .optional(),
);

/** DD/MM/YYYY (spec §9) → YYYY-MM-DD as stored; a day in the past. */
const birthDate = z
  .string({ error: "The birth date field is required." })
  .trim()
  .transform((v, c) => {
    if (v === "") {
      c.addIssue({ code: "custom", message: "The birth date field is required." });
      return z.NEVER;
    }
    const day = parseDateEntry(v);
    if (!day) {
      c.addIssue({ code: "custom", message: "The birth date must be a date as DD/MM/YYYY." });
      return z.NEVER;
    }
    return isoOfDay(day);
  })
  .refine((iso) => iso > "1900-01-01" && iso < new Date().toISOString().slice(0, 10), {
    message: "The birth date must be a day in the past.",
  });

const skillEntry = z.object({
  skill_id: idSchema,
  level_id: optionalId,
  experience: z.preprocess(
    blank,
    z.coerce
      .number({ error: "The experience must be a number of years." })
      .int("The experience must be whole years.")
      .min(0, "The experience cannot be negative.")
      .max(60, "The experience may be at most 60 years.")
      .optional(),
  ),
});

export const paymentSettingsSchema = z
  .object({
    has_danish_bank: flag.default(false),
    iban: optional("IBAN", 40),
    swift: optional("SWIFT", 20),
    reg: optional("reg. number", 10),
    konto: optional("account number", 20),
    social_security: optional("social security number", 40),
    tax_card: optional("tax card", 60),
    has_tax_id: flag.default(false),
    tax_id: optional("tax id", 40),
    company_name: optional("company name", NAME_MAX),
  })
  // The same bank and tax checks as the profile's payment tab (one rule). Invoicing, for the
  // wizard, is giving a company name.
  .superRefine((p, c) => {
    const r = checkPaymentDetails({ ...p, issues_invoice: Boolean(p.company_name) });
    if (!r.ok)
      for (const [path, messages] of Object.entries(r.errors))
        for (const message of messages) c.addIssue({ code: "custom", path: [path], message });
  })
  .transform((p) => {
    const r = checkPaymentDetails({ ...p, issues_invoice: Boolean(p.company_name) });
    if (!r.ok) throw new Error("unreachable: refined above");
    const v = r.value;
    return {
      has_danish_bank: v.hasDanishBank,
      iban: v.iban ?? undefined,
      swift: v.swift ?? undefined,
      reg: v.reg ?? undefined,
      konto: v.konto ?? undefined,
      social_security: v.socialSecurity ?? undefined,
      tax_card: v.taxCard ?? undefined,
      has_tax_id: v.hasTaxId,
      tax_id: v.taxId ?? undefined,
      company_name: v.companyName ?? undefined,
    };
  });

/** Every field the wizard may send, grouped by the step that asks for it. */
function fieldsOf(kind: WizardKind) {
  const worker = kind === "worker";
  return {
    role: { role_id: idSchema },
    account: {
      email,
      // Either the office types a password, or the user chooses one through an e-mailed link.
      send_password_link: z
        .boolean({ error: "The send password link field must be true or false." })
        .optional(),
      password,
    },
    personal: {
      first_name: required("first name", PERSON_NAME_MAX),
      last_name: required("last name", PERSON_NAME_MAX),
      phone: worker ? requiredPhone : optionalPhone,
      ...(worker
        ? { birth_date: birthDate, country_id: idSchema, languages: idList.default([]) }
        : { country_id: optionalId }),
    },
    skills: {
      skills: z
        .array(skillEntry, { error: "The skills must be a list." })
        .min(1, "Choose at least one skill.")
        .max(50, "At most 50 skills."),
    },
    branches: {
      branches: worker
        ? idList.refine((v) => (v?.length ?? 0) > 0, "Choose at least one branch.")
        : idList.default([]),
    },
    payment: { payment_settings: paymentSettingsSchema },
    company: { company_id: idSchema },
  } satisfies Record<WizardStep, z.ZodRawShape>;
}

/** A password unless a link to choose one is to be e-mailed. */
function passwordOrLink(
  v: { password?: unknown; send_password_link?: unknown },
  c: z.RefinementCtx,
) {
  if (v.send_password_link !== true && (v.password === undefined || v.password === ""))
    c.addIssue({ code: "custom", path: ["password"], message: "The password field is required." });
}

/** The fields a step checks, for the kind of user being created. */
export function stepSchema(kind: WizardKind, step: WizardStep): z.ZodType<Record<string, unknown>> {
  const fields = fieldsOf(kind);
  const shape = z.object(stepsFor(kind).includes(step) ? fields[step] : {});
  return step === "account" ? shape.superRefine(passwordOrLink) : shape;
}

export interface CreateUserInput {
  role_id: number;
  email: string;
  password?: string;
  send_password_link?: boolean;
  first_name: string;
  last_name: string;
  phone?: string | null;
  birth_date?: string;
  country_id?: number;
  languages?: number[];
  skills?: z.output<typeof skillEntry>[];
  branches?: number[];
  payment_settings?: z.output<typeof paymentSettingsSchema>;
  company_id?: number;
}

/** The whole body of POST users for this kind (the steps it has, nothing else). */
export function createUserSchema(kind: WizardKind): z.ZodType<CreateUserInput> {
  const fields = fieldsOf(kind);
  const shape: z.ZodRawShape = Object.assign({}, ...stepsFor(kind).map((s) => fields[s]));
  return z.object(shape).superRefine(passwordOrLink) as unknown as z.ZodType<CreateUserInput>;
}

/** A loose description of POST users for the OpenAPI document (the kind decides the rest). */
export const createUserBody = z.object({
  role_id: idSchema,
  email: z.string(),
  password: z.string().optional().describe("required unless send_password_link"),
  send_password_link: z
    .boolean()
    .optional()
    .describe("e-mail the user a link to choose a password (valid 7 days)"),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().optional(),
  birth_date: z.string().optional().describe("DD/MM/YYYY (workers)"),
  country_id: optionalId,
  languages: z.array(idSchema).optional(),
  skills: z.array(skillEntry).optional().describe("workers"),
  branches: z.array(idSchema).optional(),
  payment_settings: z.record(z.string(), z.unknown()).optional().describe("workers"),
  company_id: optionalId.describe("client contacts"),
});

export const stepInput = z.object({
  role_id: idSchema,
  step: z.enum(
    ["role", "account", "personal", "skills", "branches", "payment", "company"],
    "Unknown step.",
  ),
});
