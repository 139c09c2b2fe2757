import type * as schema from "@/db/schema";
import type { OperationalIso } from "../data/master";
import type { Rng } from "../random";

type PaymentInsert = typeof schema.paymentSettings.$inferInsert;

/** IBAN check digits (ISO 13616, mod 97), so the demo IBANs pass a format check. */
export function iban(country: string, bban: string): string {
  const digits = (bban + country + "00").replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const ch of digits) rest = (rest * 10 + Number(ch)) % 97;
  return `${country}${String(98 - rest).padStart(2, "0")}${bban}`;
}

/** Payment details in the shape each country's payroll expects (all numbers invented). */
export function paymentFor(
  rng: Rng,
  userId: number,
  country: OperationalIso,
  birthDate: string,
  lastName: string,
  issuesInvoice: boolean,
): PaymentInsert {
  const [y, m, d] = birthDate.split("-");
  const companyName = issuesInvoice ? `${lastName} Crew Services` : null;
  switch (country) {
    case "DK":
      return {
        userId,
        hasDanishBank: true,
        reg: rng.pick(["1551", "2201", "3409", "5301", "9570"]),
        konto: rng.digits(10),
        socialSecurity: `${d}${m}${y.slice(2)}-${rng.digits(4)}`,
        taxCard: rng.chance(0.85) ? "Main tax card" : "Secondary tax card",
        hasTaxId: issuesInvoice,
        taxId: issuesInvoice ? `DK${rng.digits(8)}` : null,
        companyName,
      };
    case "SE":
      return {
        userId,
        iban: iban("SE", rng.digits(20)),
        swift: rng.pick(["ESSESESS", "HANDSESS", "SWEDSESS", "NDEASESS"]),
        socialSecurity: `${y}${m}${d}-${rng.digits(4)}`,
        hasTaxId: issuesInvoice,
        taxId: issuesInvoice ? `SE${rng.digits(10)}01` : null,
        companyName,
      };
    case "NO":
      return {
        userId,
        iban: iban("NO", rng.digits(11)),
        swift: rng.pick(["DNBANOKK", "NDEANOKK", "SHEDNOKK"]),
        socialSecurity: `${d}${m}${y.slice(2)}${rng.digits(5)}`,
        taxCard: "Tax deduction card",
        hasTaxId: issuesInvoice,
        taxId: issuesInvoice ? `NO${rng.digits(9)}MVA` : null,
        companyName,
      };
    case "DE":
      return {
        userId,
        iban: iban("DE", rng.digits(18)),
        swift: rng.pick(["COBADEFFXXX", "DEUTDEBBXXX", "BELADEBEXXX"]),
        socialSecurity: `${rng.digits(2)}${d}${m}${y.slice(2)}${lastName.charAt(0).toUpperCase() || "M"}${rng.digits(3)}`,
        taxId: rng.digits(11),
        hasTaxId: true,
        taxCard: rng.pick(["Steuerklasse I", "Steuerklasse I", "Steuerklasse IV"]),
        companyName,
      };
    case "GB":
      return {
        userId,
        iban: iban("GB", `NWBK${rng.digits(14)}`),
        swift: "NWBKGB2L",
        // "QQ" is the prefix HMRC reserves for examples.
        socialSecurity: `QQ ${rng.digits(2)} ${rng.digits(2)} ${rng.digits(2)} C`,
        hasTaxId: issuesInvoice,
        taxId: issuesInvoice ? `${rng.digits(10)}` : null,
        companyName,
      };
  }
}
