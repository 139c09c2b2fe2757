import { stdnum } from "stdnum";

/**
 * Tax ids checked per country by python-stdnum's port (npm `stdnum`): the national company
 * number or the VAT number of the country, with or without its country prefix and spacing.
 * A country without a known format accepts any 2–30 characters.
 */
interface Format {
  /** The number's common name in the message ("CVR number"). */
  label: string;
  validators: { validate: (v: string) => { isValid: boolean } }[];
}

const FORMATS: Record<string, Format> = {
  DK: { label: "CVR number", validators: [stdnum.DK.cvr] },
  SE: { label: "organisation or VAT number", validators: [stdnum.SE.orgnr, stdnum.SE.vat] },
  NO: { label: "organisation or MVA number", validators: [stdnum.NO.orgnr, stdnum.NO.mva] },
  DE: { label: "VAT number (USt-IdNr.)", validators: [stdnum.DE.vat, stdnum.DE.stnr] },
  GB: { label: "VAT registration number", validators: [stdnum.GB.vat] },
  FI: {
    label: "Business ID (Y-tunnus) or VAT number",
    validators: [stdnum.FI.ytunnus, stdnum.FI.alv],
  },
  NL: { label: "VAT number", validators: [stdnum.NL.btw] },
  PL: { label: "NIP number", validators: [stdnum.PL.nip] },
  EE: { label: "VAT or registry code", validators: [stdnum.EE.kmkr, stdnum.EE.registrikood] },
};

/** null when the tax id fits the country, else the message for the field. */
export function taxIdError(taxId: string, iso: string, countryName: string): string | null {
  const format = FORMATS[iso.toUpperCase()];
  if (!format) {
    const len = taxId.trim().length;
    return len >= 2 && len <= 30 ? null : "The tax id must be between 2 and 30 characters.";
  }
  const ok = format.validators.some((v) => {
    try {
      return v.validate(taxId).isValid;
    } catch {
      return false;
    }
  });
  return ok ? null : `The tax id is not a valid ${format.label} for ${countryName}.`;
}
