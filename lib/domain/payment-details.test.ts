import { describe, expect, it } from "vitest";
import {
  PAYMENT_MESSAGES,
  checkPaymentDetails,
  groupIban,
  maskIban,
  maskValue,
} from "./payment-details";

const VALID = {
  DK: "DK50 0040 0440 1162 43",
  DE: "DE89 3704 0044 0532 0130 00",
  GB: "GB29 NWBK 6016 1331 9268 19",
  SE: "SE45 5000 0000 0583 9825 7466",
  NO: "NO93 8601 1117 947",
};

describe("checkPaymentDetails: IBAN and BIC", () => {
  it.each(Object.entries(VALID))(
    "accepts a valid %s IBAN and stores it electronically",
    (_c, iban) => {
      const r = checkPaymentDetails({ iban: iban.toLowerCase(), swift: "dabadkkk" });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.value.iban).toBe(iban.replace(/\s/g, ""));
      expect(r.value.swift).toBe("DABADKKK");
    },
  );

  it.each([
    ["DK", "DK51 0040 0440 1162 43"], // check digits off by one
    ["DE", "DE89 3704 0044 0532 0130 01"],
    ["GB", "GB29 NWBK 6016 1331 9268 1"], // too short
    ["SE", "SE45 5000 0000 0583 9825 7467"],
    ["NO", "NO93 8601 1117 948"],
    ["XX", "XX00 1234"],
  ])("refuses an invalid %s IBAN", (_c, iban) => {
    const r = checkPaymentDetails({ iban, swift: "DABADKKK" });
    expect(r).toEqual({ ok: false, errors: { iban: [PAYMENT_MESSAGES.ibanInvalid] } });
  });

  it("accepts 8 and 11 character BICs and refuses others", () => {
    expect(checkPaymentDetails({ iban: VALID.DE, swift: "COBADEFF" }).ok).toBe(true);
    expect(checkPaymentDetails({ iban: VALID.DE, swift: "COBADEFFXXX" }).ok).toBe(true);
    for (const swift of ["COBADEF", "COBADEFFXX", "12BADEFF", "COBA DE FF X"]) {
      expect(checkPaymentDetails({ iban: VALID.DE, swift })).toEqual({
        ok: false,
        errors: { swift: [PAYMENT_MESSAGES.swiftInvalid] },
      });
    }
  });

  it("requires IBAN and SWIFT when not a Danish bank", () => {
    expect(checkPaymentDetails({})).toEqual({
      ok: false,
      errors: {
        iban: [PAYMENT_MESSAGES.ibanRequired],
        swift: [PAYMENT_MESSAGES.swiftRequired],
      },
    });
  });
});

describe("checkPaymentDetails: Danish bank, tax id, invoicing", () => {
  it("takes reg (4 digits) and konto (up to 10 digits) and ignores the IBAN", () => {
    const r = checkPaymentDetails({
      has_danish_bank: true,
      reg: "3409",
      konto: "0012345678",
      iban: "garbage",
    });
    expect(r.ok && r.value).toMatchObject({
      hasDanishBank: true,
      reg: "3409",
      konto: "0012345678",
      iban: null,
      swift: null,
    });
  });

  it("refuses a bad reg or konto", () => {
    expect(
      checkPaymentDetails({ has_danish_bank: true, reg: "340", konto: "12345678901" }),
    ).toEqual({
      ok: false,
      errors: { reg: [PAYMENT_MESSAGES.regInvalid], konto: [PAYMENT_MESSAGES.kontoInvalid] },
    });
    expect(checkPaymentDetails({ has_danish_bank: true, reg: "34a9", konto: "" }).ok).toBe(false);
  });

  it("needs a tax id when has_tax_id, a company name when invoicing, and drops both otherwise", () => {
    const base = { iban: VALID.DK, swift: "DABADKKK" };
    expect(checkPaymentDetails({ ...base, has_tax_id: true, issues_invoice: true })).toEqual({
      ok: false,
      errors: {
        tax_id: [PAYMENT_MESSAGES.taxIdRequired],
        company_name: [PAYMENT_MESSAGES.companyRequired],
      },
    });
    const r = checkPaymentDetails({ ...base, tax_id: "DK123", company_name: "Old ApS" });
    expect(r.ok && r.value).toMatchObject({ taxId: null, companyName: null });
    const ok = checkPaymentDetails({
      ...base,
      has_tax_id: true,
      tax_id: " DK12345678 ",
      issues_invoice: true,
      company_name: "Crew ApS",
    });
    expect(ok.ok && ok.value).toMatchObject({ taxId: "DK12345678", companyName: "Crew ApS" });
  });

  it("refuses overlong free text", () => {
    const r = checkPaymentDetails({ iban: VALID.DK, swift: "DABADKKK", tax_card: "x".repeat(65) });
    expect(r).toEqual({ ok: false, errors: { tax_card: [PAYMENT_MESSAGES.tooLong] } });
  });
});

describe("display helpers", () => {
  it("groups an IBAN by 4", () => {
    expect(groupIban("DK5000400440116243")).toBe("DK50 0040 0440 1162 43");
    expect(groupIban(null)).toBeNull();
  });
  it("masks an IBAN to country, check digits and the last four", () => {
    expect(maskIban("DK5000400440116243")).toBe("DK50 •••• •••• 6243");
    expect(maskIban(null)).toBeNull();
  });
  it("masks other numbers to their last four", () => {
    expect(maskValue("0012345678")).toBe("•••• 5678");
    expect(maskValue("123")).toBe("••••");
    expect(maskValue(null)).toBeNull();
  });
});
