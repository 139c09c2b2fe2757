/**
 * Money is an integer count of minor units plus an ISO 4217 code (DESIGN §5). These turn it
 * into text for people and back, without floating point: "1250.5" DKK is 125050 øre.
 */

// Building an Intl.NumberFormat costs tens of microseconds, and a list prices every row in the
// same few currencies: each code is asked of ICU once per process.
const minorUnitsCache = new Map<string, number>();

/** Minor units of a currency from the runtime's ICU data (JPY 0, KWD 3, most 2). */
export function minorUnitsOf(currency: string): number {
  let digits = minorUnitsCache.get(currency);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
          .maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    // Bounded: a caller passing arbitrary text must not grow the map without end.
    if (minorUnitsCache.size < 500) minorUnitsCache.set(currency, digits);
  }
  return digits;
}

/** The plain amount with its code, e.g. "1,250.50 DKK"; the same on server and browser. */
export function formatMoney(minor: number, currency: string, digits = minorUnitsOf(currency)) {
  return `${formatAmount(minor, digits)} ${currency}`;
}

/** "1,250.50" for 125050 with 2 digits; a minus sign for negative amounts (margins). */
export function formatAmount(minor: number, digits: number): string {
  const negative = minor < 0;
  const text = String(Math.abs(Math.trunc(minor))).padStart(digits + 1, "0");
  const whole = text.slice(0, text.length - digits).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const fraction = digits ? `.${text.slice(text.length - digits)}` : "";
  return `${negative ? "-" : ""}${whole}${fraction}`;
}

/** The amount as a form shows it for editing: "1250.50" (no grouping), "" for null. */
export function amountInput(minor: number | null | undefined, digits: number): string {
  if (minor === null || minor === undefined) return "";
  return formatAmount(minor, digits).replace(/,/g, "");
}

/**
 * Parses what a person types as an amount: "1250", "1250.5", "1 250,50", "1,250.50". A
 * comma is the decimal separator when it is the only separator followed by 1–`digits`
 * digits at the end. Null when it is not an amount or has more decimals than the currency.
 */
export function parseAmount(value: string, digits: number): number | null {
  let text = value.trim().replace(/[\s\u00a0']/g, "");
  if (!text) return null;
  const negative = text.startsWith("-");
  if (negative) text = text.slice(1);
  const lastComma = text.lastIndexOf(",");
  const lastDot = text.lastIndexOf(".");
  let decimalMark = lastDot > lastComma ? "." : lastComma > lastDot ? "," : "";
  if (decimalMark === "," && lastDot < 0 && /,\d{3}$/.test(text) && digits < 3) decimalMark = ""; // "1,250" is a thousand and a quarter, not 1.25.
  if (decimalMark === "." && lastComma < 0 && /\.\d{3}$/.test(text) && digits < 3)
    decimalMark = /^\d{1,3}(\.\d{3})+$/.test(text) ? "" : "."; // "1.250" in Danish hands.
  const [wholePart, fraction = ""] = decimalMark
    ? [text.slice(0, text.lastIndexOf(decimalMark)), text.slice(text.lastIndexOf(decimalMark) + 1)]
    : [text, ""];
  const whole = wholePart.replace(/[.,]/g, "");
  if (!/^\d+$/.test(whole) && !(whole === "" && fraction)) return null;
  if (!/^\d*$/.test(fraction) || fraction.length > digits) return null;
  if (decimalMark && wholePart && !/^\d{1,3}([.,]\d{3})*$|^\d+$/.test(wholePart)) return null;
  const minor = Number(`${whole || "0"}${fraction.padEnd(digits, "0")}`);
  if (!Number.isSafeInteger(minor)) return null;
  return negative ? -minor : minor;
}
