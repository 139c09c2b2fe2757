import path from "node:path";
import JSZip from "jszip";
import { describe, expect, it, onTestFinished } from "vitest";
import { drainQueue } from "@/lib/jobs/queue";
import { appErrorOf } from "@/lib/testing/app-error";
import { pdfTextOf } from "../pdf/read.test-support";
import { readJobProgress } from "../progress/monitors";
import {
  listSalaryExports,
  salaryExportFile,
  startPaySlipsExport,
  startSalaryExport,
} from "./export";
import {
  branchId,
  counts,
  countryId,
  ctx,
  db,
  dir,
  november,
  otherBranchId,
  setupExportWorld,
  swap,
} from "./export.test-support";
import { paySlipsZip, writePaySlipsZip } from "./slip";

/**
 * POST salary/slips (startPaySlipsExport): every pay slip of a period written as one ZIP by the
 * salary export's background job, listed in the export history and downloaded through
 * salaryExportFile; the ZIP is opened with JSZip and a slip's PDF text read. Refusals write
 * nothing; a failing writer ends the export failed in words. GET salary/slips past its stream
 * limit starts the same export.
 */
setupExportWorld();

/** A ZIP writer that waits for `release()` (a long period). */
function gate() {
  let release!: () => void;
  const open = new Promise<void>((r) => (release = r));
  let entered!: () => void;
  const started = new Promise<void>((r) => (entered = r));
  const fn: typeof writePaySlipsZip = async (...args) => {
    entered();
    await open;
    return writePaySlipsZip(...args);
  };
  return { fn, release, started };
}

describe("POST salary/slips: every pay slip of the period as one ZIP, in the background", () => {
  it("writes the branch's slips into a ZIP, with progress, listed and downloadable", async () => {
    const reported: [number, number][] = [];
    onTestFinished(() => {
      swap.writeZip = writePaySlipsZip;
    });
    swap.writeZip = (db, scope, file, report) =>
      writePaySlipsZip(db, scope, file, async (done, total) => {
        reported.push([done, total]);
        await report(done, total);
      });
    const before = await counts();
    const started = await startPaySlipsExport(ctx.payroll, november());
    expect(started).toEqual({
      export_id: expect.any(Number),
      monitor_id: expect.any(Number),
      status: "queued",
    });
    await drainQueue("salary-export");
    expect(await readJobProgress(ctx.payroll, started.monitor_id)).toMatchObject({
      kind: "salary-export",
      status: "done",
      percent: 100,
      done: 2,
      total: 2,
      message: "Pay slips ready: 2 pay slips (3 salary lines).",
    });
    // Progress per batch of workers: none yet, then both (one batch).
    expect(reported).toEqual([
      [0, 2],
      [2, 2],
    ]);
    expect(await counts()).toEqual({
      exports: before.exports + 1,
      monitors: before.monitors + 1,
      jobs: before.jobs + 1,
      log: before.log + 1,
    });

    const list = await listSalaryExports(ctx.payroll, {});
    expect(list.items[0]).toMatchObject({
      id: started.export_id,
      period: "November 2026",
      scope: "Export Copenhagen",
      file_name: "Pay slips November 2026 - Export Copenhagen.zip",
      format: "zip",
      lines: 3,
      created_by: "Paula Payroll",
      status: "done",
      percent: 100,
    });

    const file = await salaryExportFile(ctx.payroll, started.export_id);
    expect(file.filename).toBe("Pay slips November 2026 - Export Copenhagen.zip");
    expect(file.contentType).toBe("application/zip");
    const zip = await JSZip.loadAsync(file.bytes);
    expect(Object.keys(zip.files)).toEqual([
      "Pay slip November 2026 - Bo Lind.pdf",
      "Pay slip November 2026 - Ida Holm.pdf",
    ]);
    const ida = await pdfTextOf(
      await zip.file("Pay slip November 2026 - Ida Holm.pdf")!.async("uint8array"),
    );
    for (const words of ["Pay slip November 2026", "Ida Holm", "8 h standard", "2,507.00 DKK"])
      expect(ida).toContain(words);
    expect(ida).not.toContain("Eve Aas");
  });

  it("keeps a ZIP and an xlsx of the same period apart; a second ZIP while one runs is 409", async () => {
    const g = gate();
    swap.writeZip = g.fn;
    onTestFinished(() => {
      g.release();
      swap.writeZip = writePaySlipsZip;
    });
    const zip = await startPaySlipsExport(ctx.payroll, november());
    // An xlsx of the same period and place is not blocked by the ZIP.
    const xlsx = await startSalaryExport(ctx.payroll, november());
    const before = await counts();
    const err = await appErrorOf(startPaySlipsExport(ctx.admin, november()));
    expect(err.status).toBe(409);
    expect(err.type).toBe("salary_export_running");
    // The queue works while the test runs: the gated ZIP may already have been picked up.
    expect(err.message).toMatch(
      /^The pay slips ZIP for 01\/11\/2026–30\/11\/2026 \(Export Copenhagen\) is already (waiting to start|running), started by Paula Payroll\. Follow its progress or wait until it has finished\.$/,
    );
    expect(err.details).toEqual({ export_id: zip.export_id, monitor_id: zip.monitor_id });
    expect(await counts()).toEqual(before);
    g.release();
    await drainQueue("salary-export");
    expect((await readJobProgress(ctx.payroll, zip.monitor_id)).status).toBe("done");
    expect((await readJobProgress(ctx.payroll, xlsx.monitor_id)).status).toBe("done");
    expect((await salaryExportFile(ctx.payroll, xlsx.export_id)).contentType).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    swap.writeZip = writePaySlipsZip;
  });

  it("ends a failing ZIP as failed in words; its download is 404", async () => {
    swap.writeZip = async () => {
      throw new Error("disk full");
    };
    onTestFinished(() => {
      swap.writeZip = writePaySlipsZip;
    });
    const started = await startPaySlipsExport(ctx.payroll, november());
    await drainQueue("salary-export");
    expect(await readJobProgress(ctx.payroll, started.monitor_id)).toMatchObject({
      status: "failed",
      message: "The pay slips could not be written (disk full). Start the ZIP again.",
    });
    const err = await appErrorOf(salaryExportFile(ctx.payroll, started.export_id));
    expect(err.status).toBe(404);
    expect(err.message).toBe("This export failed and has no file. Export the period again.");
    swap.writeZip = writePaySlipsZip;
  });

  it("the real writer rejects (no hang, no half file) when the archive cannot be written", async () => {
    const scope = {
      periodFrom: "2026-11-01",
      periodTo: "2026-11-30",
      branchId,
      countryId: null,
      place: "Export Copenhagen",
    };
    await expect(
      writePaySlipsZip(db, scope, path.join(dir, "no-such-dir", "x.zip"), async () => undefined),
    ).rejects.toThrow(/ENOENT/);
  });

  it("answers 404 for a period without salary lines, writing nothing", async () => {
    const before = await counts();
    const err = await appErrorOf(
      startPaySlipsExport(ctx.payroll, {
        from: "2026-10-01",
        to: "2026-10-31",
        branch_id: branchId,
      }),
    );
    expect(err.status).toBe(404);
    expect(err.message).toBe(
      "There are no salary lines for 01/10/2026–31/10/2026 (Export Copenhagen) to export. Run the salary for the period first.",
    );
    expect(await counts()).toEqual(before);
  });

  it("answers 422 for an unknown branch, both scopes or none, writing nothing", async () => {
    const before = await counts();
    for (const body of [
      november({ branch_id: 99999 }),
      november({ branch_id: branchId, country_id: countryId }),
      { from: "2026-11-01", to: "2026-11-30" },
    ]) {
      const err = await appErrorOf(startPaySlipsExport(ctx.payroll, body));
      expect(err.status).toBe(422);
    }
    expect(
      (await appErrorOf(startPaySlipsExport(ctx.payroll, november({ branch_id: 99999 })))).message,
    ).toBe("The selected branch is invalid.");
    expect(await counts()).toEqual(before);
  });

  it.each(["pm", "crew", "client", "worker"] as const)(
    "refuses %s without salary_access (403), writing nothing",
    async (who) => {
      const before = await counts();
      for (const call of [
        startPaySlipsExport(ctx[who], november()),
        paySlipsZip(ctx[who], november()),
      ]) {
        const err = await appErrorOf(call);
        expect(err.status).toBe(403);
      }
      expect(await counts()).toEqual(before);
    },
  );

  it("GET salary/slips streams a small period; past its limit it starts the ZIP export", async () => {
    const small = await paySlipsZip(ctx.payroll, november({ branch_id: otherBranchId }));
    expect("stream" in small && small.filename).toBe("Pay slips November 2026 - Export Aarhus.zip");
    if ("stream" in small) await small.stream.cancel();
    const before = await counts();
    const big = await paySlipsZip(ctx.payroll, november({ branch_id: otherBranchId }), 0);
    expect(big).toEqual({
      queued: { export_id: expect.any(Number), monitor_id: expect.any(Number), status: "queued" },
    });
    expect((await counts()).exports).toBe(before.exports + 1);
    await drainQueue("salary-export");
    if (!("queued" in big)) throw new Error("not queued");
    const zip = await JSZip.loadAsync(
      (await salaryExportFile(ctx.payroll, big.queued.export_id)).bytes,
    );
    expect(Object.keys(zip.files)).toEqual(["Pay slip November 2026 - Eve Aas.pdf"]);
  });
});
