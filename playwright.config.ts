import { defineConfig, devices } from "@playwright/test";
import { chromiumExecutable } from "./e2e/support/browser";

// The app is started by scripts/e2e.ts (built, on a freshly seeded database); see README.
const baseURL = process.env.E2E_BASE_URL ?? "http://localhost:3100";
const executablePath = chromiumExecutable();
const launchOptions = {
  executablePath,
  args: [
    "--no-sandbox",
    "--disable-dev-shm-usage",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "./e2e",
  // A subfolder: Playwright empties its output folder, and test-results holds other reports.
  outputDir: "./test-results/playwright",
  fullyParallel: false,
  workers: 2,
  // On CI a journey that fails once runs once more; the summary still names it as flaky.
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [
    ["list"],
    ["json", { outputFile: process.env.E2E_JSON_REPORT ?? "test-results/e2e.json" }],
  ],
  // Recording a trace of every journey to keep only the failing ones costs CI minutes; on CI the
  // trace is recorded on the retry of a journey that failed once.
  use: {
    baseURL,
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions,
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions },
      testIgnore: [/\.phone\.spec\.ts$/, /\.exclusive\.spec\.ts$/],
    },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, launchOptions },
      testMatch: /\.phone\.spec\.ts$/,
    },
    {
      // Journeys that change what every user sees (maintenance mode, the two-factor rule) run
      // alone, after all the others (scripts/e2e.ts runs this project second, one worker), so
      // no other journey meets their global switches.
      name: "exclusive",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions },
      testMatch: /\.exclusive\.spec\.ts$/,
    },
  ],
});
