/**
 * Names the failed (and, for Playwright, flaky) tests in a run's JSON report, one short line
 * each, so the last lines CI prints say what broke — the full log is not always at hand.
 */
import { stripVTControlCharacters } from "node:util";

const MAX_LINE = 240;

function firstLine(message: string | undefined): string {
  const line = stripVTControlCharacters(message ?? "")
    .split("\n")
    .map((l) => l.trim())
    .find((l) => l.length > 0);
  return line ? `: ${line}` : "";
}

const clip = (s: string) => (s.length > MAX_LINE ? s.slice(0, MAX_LINE - 1) + "…" : s);

interface VitestReport {
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

export function vitestFailures(report: VitestReport, root: string): string[] {
  const out: string[] = [];
  for (const file of report.testResults ?? []) {
    const name = file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name;
    const failed = (file.assertionResults ?? []).filter((a) => a.status === "failed");
    for (const a of failed)
      out.push(clip(`${name} › ${a.fullName}${firstLine(a.failureMessages?.[0])}`));
    // A file that could not load has no failed assertion of its own.
    if (!failed.length && file.status === "failed")
      out.push(clip(`${name}${firstLine(file.message)}`));
  }
  return out;
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: {
      projectName: string;
      status: string;
      results: { status: string; errors?: { message?: string }[] }[];
    }[];
  }[];
}

export function playwrightOutcomes(report: { suites?: PlaywrightSuite[] }): {
  failures: string[];
  flaky: string[];
} {
  const failures: string[] = [];
  const flaky: string[] = [];
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) {
        if (test.status !== "unexpected" && test.status !== "flaky") continue;
        const failedRun = test.results.find((r) => r.status !== "passed" && r.status !== "skipped");
        const line = clip(
          `[${test.projectName}] ${spec.file}:${spec.line} › ${spec.title}${firstLine(failedRun?.errors?.[0]?.message)}`,
        );
        (test.status === "flaky" ? flaky : failures).push(line);
      }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return { failures, flaky };
}
