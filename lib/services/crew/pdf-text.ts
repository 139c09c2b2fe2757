// The CP1252 characters above 0x7f that are not Latin-1: the built-in PDF fonts have them.
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
// Letters without a decomposition, and dashes and primes the font lacks: a close stand-in.
const FROM = [..."ŁłĐđĦħıĿŀŦŧŊŋƏə‐‑‒′″"];
const TO = [..."LlDdHhiLlTtNnEe---'\""];
const STAND_IN = new Map(FROM.map((c, i) => [c, TO[i]]));

const winAnsi = (c: string) => {
  const code = c.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(c);
};

/**
 * Text the PDF's built-in Helvetica can draw (WinAnsi): "Łukasz Świątek" → "Lukasz Swiatek"
 * rather than wrong glyphs. A letter loses its accent only when the font lacks the accented
 * one (æ, ø, å, é, ü, ß stay); scripts it cannot draw at all (Japanese, Cyrillic) become "?".
 */
export function pdfText(text: string): string {
  let out = "";
  for (const c of text.normalize("NFC")) {
    if (winAnsi(c)) out += c;
    else if (/\s/.test(c)) out += " ";
    else if (STAND_IN.has(c)) out += STAND_IN.get(c);
    else {
      const bare = c.normalize("NFD").replace(/\p{M}/gu, "");
      out += bare && [...bare].every(winAnsi) ? bare : "?";
    }
  }
  return out;
}
