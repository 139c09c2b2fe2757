import { describe, expect, it } from "vitest";
import { playwrightOutcomes, vitestFailures } from "./test-reports";

describe("vitestFailures", () => {
  it("names each failed test with its file and the first line of its message, and a file that could not load", () => {
    const lines = vitestFailures(
      {
        testResults: [
          {
            name: "/repo/lib/a.int.test.ts",
            status: "failed",
            assertionResults: [
              { fullName: "books a worker", status: "passed" },
              {
                fullName: "rates › refuses a bad id",
                status: "failed",
                failureMessages: [
                  "\u001b[31mAssertionError: expected 500 to be 404\u001b[39m\n    at x",
                ],
              },
            ],
          },
          {
            name: "/repo/lib/b.int.test.ts",
            status: "failed",
            message: "Cannot find module './c'",
            assertionResults: [],
          },
          { name: "/repo/lib/c.int.test.ts", status: "passed", assertionResults: [] },
        ],
      },
      "/repo",
    );
    expect(lines).toEqual([
      "lib/a.int.test.ts › rates › refuses a bad id: AssertionError: expected 500 to be 404",
      "lib/b.int.test.ts: Cannot find module './c'",
    ]);
  });
});

describe("playwrightOutcomes", () => {
  const spec = (
    title: string,
    status: string,
    results: { status: string; errors?: { message?: string }[] }[],
  ) => ({
    title,
    file: "jobs.spec.ts",
    line: 12,
    tests: [{ projectName: "desktop", status, results }],
  });

  it("splits the failed journeys from the ones that passed on a retry, through nested suites", () => {
    const out = playwrightOutcomes({
      suites: [
        {
          title: "jobs.spec.ts",
          specs: [spec("creates a job", "expected", [{ status: "passed" }])],
          suites: [
            {
              title: "nested",
              specs: [
                spec("books", "unexpected", [
                  { status: "failed", errors: [{ message: "\nError: strict mode violation" }] },
                  { status: "failed" },
                ]),
                spec("approves", "flaky", [
                  { status: "timedOut", errors: [{ message: "Test timeout" }] },
                  { status: "passed" },
                ]),
              ],
            },
          ],
        },
      ],
    });
    expect(out.failures).toEqual([
      "[desktop] jobs.spec.ts:12 › books: Error: strict mode violation",
    ]);
    expect(out.flaky).toEqual(["[desktop] jobs.spec.ts:12 › approves: Test timeout"]);
  });

  it("clips a long message so the summary stays readable", () => {
    const out = playwrightOutcomes({
      suites: [
        {
          title: "x",
          specs: [
            spec("long", "unexpected", [
              { status: "failed", errors: [{ message: "y".repeat(500) }] },
            ]),
          ],
        },
      ],
    });
    expect(out.failures[0].length).toBe(240);
    expect(out.failures[0].endsWith("…")).toBe(true);
  });
});
