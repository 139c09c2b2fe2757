import { describe, expect, it } from "vitest";
import { judge, markdownTable, seqScansOf } from "./bench-verdict";

// EXPLAIN text as PostgreSQL 15 prints it.
const SEQ_PLAN = `Limit  (cost=10234.50..10234.52 rows=10 width=64)
  ->  Sort  (cost=10234.50..10480.12 rows=98250 width=64)
        Sort Key: applications.created_at DESC
        ->  Hash Join  (cost=1.09..8111.40 rows=98250 width=64)
              Hash Cond: (applications.user_id = users.id)
              ->  Seq Scan on applications  (cost=0.00..6540.00 rows=100000 width=32)
                    Filter: (status = 'pending'::application_status)
              ->  Hash  (cost=1.04..1.04 rows=4 width=36)
                    ->  Seq Scan on users  (cost=0.00..1.04 rows=4 width=36)`;

const INDEX_PLAN = `Limit  (cost=0.42..1.37 rows=10 width=64)
  ->  Index Scan Backward using applications_created_at_idx on applications  (cost=0.42..9400.42 rows=98250 width=64)
        Filter: (status = 'pending'::application_status)
  ->  Bitmap Heap Scan on shifts  (cost=4.30..20.10 rows=5 width=8)
        ->  Bitmap Index Scan on shifts_job_id_idx  (cost=0.00..4.30 rows=5 width=0)`;

const PARALLEL_PLAN = `Gather  (cost=1000.00..30000.00 rows=1 width=8)
  Workers Planned: 2
  ->  Parallel Seq Scan on salary_lines  (cost=0.00..29000.00 rows=1 width=8)`;

describe("seqScansOf", () => {
  const rows = { applications: 100_000, users: 4, shifts: 200_000, salary_lines: 50_000 };

  it("names a large table scanned sequentially, not a small one", () => {
    expect(seqScansOf(SEQ_PLAN, rows)).toEqual(["applications"]);
  });

  it("passes index, index-only and bitmap scans of large tables", () => {
    expect(seqScansOf(INDEX_PLAN, rows)).toEqual([]);
  });

  it("counts a parallel seq scan", () => {
    expect(seqScansOf(PARALLEL_PLAN, rows)).toEqual(["salary_lines"]);
  });

  it("a table at or under the threshold, or unknown, is not large", () => {
    expect(seqScansOf(SEQ_PLAN, { applications: 10_000 })).toEqual([]);
    expect(seqScansOf(SEQ_PLAN, {})).toEqual([]);
    expect(seqScansOf(SEQ_PLAN, { applications: 10_001 })).toEqual(["applications"]);
  });

  it("names a table once however often it is scanned", () => {
    expect(seqScansOf(`${SEQ_PLAN}\n${SEQ_PLAN}`, rows)).toEqual(["applications"]);
  });
});

describe("judge", () => {
  const base = { name: "GET users", demo: 2, scale: 2.5, floor: 1, seqScans: [] };

  it("passes within 1.5× of demo and 3× of the floor", () => {
    expect(judge(base)).toMatchObject({ pass: true, reasons: [] });
    expect(judge({ ...base, scale: 3 })).toMatchObject({ pass: true }); // exactly 1.5× and 3×
  });

  it("fails over 1.5× of demo", () => {
    const v = judge({ ...base, demo: 1, scale: 1.6, floor: 10 });
    expect(v.pass).toBe(false);
    expect(v.reasons).toEqual(["scale 1.60× > 1.5×"]);
  });

  it("fails over 3× the floor", () => {
    const v = judge({ ...base, demo: 4, scale: 4, floor: 1 });
    expect(v.reasons).toEqual(["floor 4.00× > 3×"]);
  });

  it("fails a seq scan even when fast", () => {
    expect(judge({ ...base, seqScans: ["shifts"] }).reasons).toEqual(["seq scan of shifts"]);
  });
});

describe("markdownTable", () => {
  it("prints PASS/FAIL per line and counts the failing lines; the in-process auth line informs", () => {
    const { text, failed } = markdownTable(
      [
        { name: "GET users", demo: 2, scale: 2, floor: 1, seqScans: [] },
        { name: "GET jobs", demo: 2, scale: 5, floor: 1, seqScans: [], owner: "i27-list-speed" },
      ],
      { anonymous: 1, bearer: 2.5 },
    );
    const lines = text.split("\n");
    expect(lines).toHaveLength(5);
    expect(lines[2]).toMatch(/^\| GET users .*\| PASS \|$/);
    expect(lines[3]).toMatch(
      /^\| GET jobs \(i27-list-speed\) .*FAIL: scale 2.50× > 1.5×; floor 5.00× > 3× \|$/,
    );
    expect(lines[4]).toMatch(/ 2.50× .*INFO: over HTTP ≤ 2× \|$/);
    expect(failed).toBe(1); // lines, not reasons
  });

  it("shows an unjudged line's ratios without failing the run", () => {
    const { text, failed } = markdownTable(
      [
        {
          name: "GET slow (custom range, live)",
          demo: 2,
          scale: 50,
          floor: 1,
          seqScans: [],
          unjudged: true,
        },
      ],
      { anonymous: 1, bearer: 2 },
    );
    expect(text.split("\n")[2]).toMatch(/ 25.00× \| 50.00× \| indexes \| INFO: not judged \|$/);
    expect(failed).toBe(0);
  });
});
