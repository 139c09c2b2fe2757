import { expect, test } from "@playwright/test";
import { firstLoad } from "../scripts/lib/first-load";

/**
 * The worker's screens are opened on phones on site: their first-load JavaScript stays within
 * 155 KB gzipped (README, "First-load JavaScript of the worker screens"). Read from the build
 * this e2e run serves (.next/diagnostics/route-bundle-stats.json), so it costs no build of its own.
 */
const BUDGET = 155 * 1024; // bytes: KB as the README counts them (1 KB = 1,024 bytes)

test("/my-dashboard loads at most 155 KB of JavaScript (gzip) first", () => {
  const { gzip, chunks } = firstLoad("/my-dashboard");
  // The figure is read from the build the app runs on, so it is that build's, not a stale one.
  const list = chunks
    .sort((a, b) => b.gzip - a.gzip)
    .map((c) => `${(c.gzip / 1024).toFixed(1)} KB ${c.file}`)
    .join("\n");
  expect(gzip, `first-load JS ${(gzip / 1024).toFixed(1)} KB:\n${list}`).toBeLessThanOrEqual(
    BUDGET,
  );
});
