import { electronicFormatIBAN, friendlyFormatIBAN, isValidBIC, isValidIBAN } from "ibantools";

/**
 * Payment settings of a worker (spec §3) checked as a bank would: the IBAN by its checksum and
 * country format, the BIC by its shape (8 or 11 characters), or, for a Danish account, the
 * registration number (4 digits) and the account number (konto, up to 10 digits). Pure: the
 * payment verb stores what `checkPaymentDetails` returns, nothing else.
 */
export interface PaymentDetailsInput {
  has_danish_bank?: boolean;
  iban?: string | null;
  swift?: string | null;
  reg?: string | null;
  konto?: string | null;
  has_tax_id?: boolean;
  tax_id?: string | null;
  social_security?: string | null;
  tax_card?: string | null;
  issues_invoice?: boolean;
  company_name?: string | null;
}

export interface PaymentDetails {
  hasDanishBank: boolean;
  iban: string | null;
  swift: string | null;
  reg: string | null;
  konto: string | null;
  hasTaxId: boolean;
  taxId: string | null;
  socialSecurity: string | null;
  taxCard: string | null;
  issuesInvoice: boolean;
  companyName: string | null;
}

export type PaymentCheck =
  { ok: true; value: PaymentDetails } | { ok: false; errors: Record<string, string[]> };

export const PAYMENT_MESSAGES = {
  ibanRequired: "The IBAN field is required.",
  ibanInvalid: "The IBAN is not valid: check the country code, the length and the check digits.",
  swiftRequired: "The SWIFT/BIC field is required.",
  swiftInvalid: "The SWIFT/BIC must be 8 or 11 letters and digits, e.g. DABADKKK.",
  regInvalid: "The reg. number must be 4 digits.",
  kontoInvalid: "The account number must be 1 to 10 digits.",
  taxIdRequired: "The tax id field is required.",
  companyRequired: "The company name field is required when you invoice.",
  tooLong: "This value may be at most 64 characters.",
} as const;

const blank = (v: string | null | undefined) => (v ?? "").trim() === "";
const clean = (v: string | null | undefined) => (blank(v) ? null : (v ?? "").trim());
const compact = (v: string | null | undefined) => (v ?? "").replace(/[\s-]/g, "").toUpperCase();

export function checkPaymentDetails(input: PaymentDetailsInput): PaymentCheck {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const danish = Boolean(input.has_danish_bank);
  const hasTaxId = Boolean(input.has_tax_id);
  const invoices = Boolean(input.issues_invoice);

  let iban: string | null = null;
  let swift: string | null = null;
  let reg: string | null = null;
  let konto: string | null = null;
  if (danish) {
    reg = (input.reg ?? "").replace(/\s/g, "");
    konto = (input.konto ?? "").replace(/\s/g, "");
    if (!/^\d{4}$/.test(reg)) add("reg", PAYMENT_MESSAGES.regInvalid);
    if (!/^\d{1,10}$/.test(konto)) add("konto", PAYMENT_MESSAGES.kontoInvalid);
  } else {
    if (blank(input.iban)) add("iban", PAYMENT_MESSAGES.ibanRequired);
    else {
      iban = electronicFormatIBAN(input.iban ?? "") ?? "";
      if (!isValidIBAN(iban)) add("iban", PAYMENT_MESSAGES.ibanInvalid);
    }
    if (blank(input.swift)) add("swift", PAYMENT_MESSAGES.swiftRequired);
    else {
      swift = compact(input.swift);
      if (!isValidBIC(swift)) add("swift", PAYMENT_MESSAGES.swiftInvalid);
    }
  }
  const taxId = hasTaxId ? clean(input.tax_id) : null;
  if (hasTaxId && !taxId) add("tax_id", PAYMENT_MESSAGES.taxIdRequired);
  const companyName = invoices ? clean(input.company_name) : null;
  if (invoices && !companyName) add("company_name", PAYMENT_MESSAGES.companyRequired);
  const socialSecurity = clean(input.social_security);
  const taxCard = clean(input.tax_card);
  for (const [field, value] of Object.entries({
    tax_id: taxId,
    company_name: companyName,
    social_security: socialSecurity,
    tax_card: taxCard,
  }))
    if (value && value.length > 64) add(field, PAYMENT_MESSAGES.tooLong);

  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    value: {
      hasDanishBank: danish,
      iban,
      swift,
      reg,
      konto,
      hasTaxId,
      taxId,
      socialSecurity,
      taxCard,
      issuesInvoice: invoices,
      companyName,
    },
  };
}

/** An IBAN as people read it: groups of 4 ("DK50 0040 0440 1162 43"). */
export function groupIban(iban: string | null): string | null {
  if (!iban) return null;
  return friendlyFormatIBAN(iban) ?? iban;
}

const DOTS = "••••";

/** "DK5000400440116243" → "DK50 •••• •••• 6243": the country, check digits and last four. */
export function maskIban(iban: string | null): string | null {
  if (!iban) return null;
  const e = iban.replace(/\s/g, "");
  if (e.length <= 8) return `${DOTS} ${e.slice(-4)}`;
  return `${e.slice(0, 4)} ${DOTS} ${DOTS} ${e.slice(-4)}`;
}

/** Any other secret number: only its last 4 characters ("•••• 6243"); short ones fully hidden. */
export function maskValue(value: string | null): string | null {
  if (!value) return null;
  const v = value.replace(/\s/g, "");
  return v.length <= 4 ? DOTS : `${DOTS} ${v.slice(-4)}`;
}
