import fs from "node:fs";

/**
 * System Chromium (CHROMIUM_PATH, else /usr/bin/chromium) when present; otherwise undefined,
 * which lets Playwright use its own downloaded browser.
 */
export function chromiumExecutable(): string | undefined {
  const candidates = [
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
  ].filter(Boolean) as string[];
  return candidates.find((p) => fs.existsSync(p));
}
