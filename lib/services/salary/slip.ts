import { createWriteStream } from "node:fs";
import { Readable } from "node:stream";
import type { ZipArchive } from "archiver";
import { and, asc, eq, gte, inArray, lte } from "drizzle-orm";
import { schema, type Db, type DbOrTx, sideBySide } from "@/db";
import { periodLabel } from "@/lib/domain/salary";
import { paySlipFileName, paySlipsZipFileName } from "@/lib/domain/salary-export";
import { can, requirePermission, requireUser, type Ctx } from "../context";
import { ForbiddenError, NotFoundError } from "../errors";
import type { DocumentIssuer } from "../pdf/business-document";
import { documentIssuer } from "../pdf/issuer";
import { paySlipModel, type PaySlipLine } from "../pdf/pay-slip";
import { fieldOf } from "../params";
import { parseInput } from "../validate";
import { AGENCY_TIME_ZONE } from "../viewer-zone";
import { startExport, type StartedSalaryExport } from "./export";
import { assertMaySeeSalaryOf } from "./read";
import { exportLinesWhere, type ExportScope } from "./export-xlsx";
import { paySlipInput, paySlipsZipInput } from "./schemas";

const sl = schema.salaryLines;

interface Period {
  from: string;
  to: string;
}

/** The slips of some workers for a period: one query for the lines, one each for names, bank
 *  details and slip rows, whatever the number of workers. */
async function slipSources(db: DbOrTx, userIds: number[], p: Period, now: Date) {
  if (!userIds.length) return [];
  const [lines, workers, slips] = await sideBySide(
    db,
    () =>
      db
        .select({
          line: sl,
          skill: schema.skills.name,
          job: schema.jobs.name,
          timeZone: schema.countries.timeZone,
        })
        .from(sl)
        .innerJoin(schema.skills, eq(schema.skills.id, sl.skillId))
        .leftJoin(schema.jobs, eq(schema.jobs.id, sl.jobId))
        .leftJoin(schema.countries, eq(schema.countries.id, sl.countryId))
        .where(and(inArray(sl.userId, userIds), gte(sl.workDate, p.from), lte(sl.workDate, p.to)))
        .orderBy(asc(sl.userId), asc(sl.workDate), asc(sl.startsAt), asc(sl.id)),
    () =>
      db
        .select({
          id: schema.users.id,
          name: schema.users.name,
          iban: schema.paymentSettings.iban,
          reg: schema.paymentSettings.reg,
          konto: schema.paymentSettings.konto,
        })
        .from(schema.users)
        .leftJoin(schema.paymentSettings, eq(schema.paymentSettings.userId, schema.users.id))
        .where(inArray(schema.users.id, userIds)),
    () =>
      db
        .select({ userId: schema.paySlips.userId, paidAt: schema.paySlips.paidAt })
        .from(schema.paySlips)
        .where(
          and(
            inArray(schema.paySlips.userId, userIds),
            eq(schema.paySlips.periodFrom, p.from),
            eq(schema.paySlips.periodTo, p.to),
          ),
        ),
  );
  return workers
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
    .map((w) => {
      const own: PaySlipLine[] = lines
        .filter((r) => r.line.userId === w.id)
        .map(({ line: l, skill, job, timeZone }) => ({
          workDate: l.workDate,
          job: job ?? "Deleted job",
          skill,
          startsAt: l.startsAt,
          endsAt: l.endsAt,
          timeZone: timeZone ?? AGENCY_TIME_ZONE,
          minutes: {
            standard: l.standardMinutes,
            weekend: l.weekendMinutes,
            night: l.nightMinutes,
          },
          rates: { standard: l.standardRate, weekend: l.weekendRate, night: l.nightRate },
          currencyCode: l.currencyCode.trim(),
          amount: l.amount,
          paid: l.status === "paid",
        }));
      const slip = slips.find((s) => s.userId === w.id);
      return {
        userId: w.id,
        name: w.name,
        source: {
          worker: { name: w.name, iban: w.iban, reg: w.reg, konto: w.konto },
          period: p,
          issuedAt: now,
          timeZone: AGENCY_TIME_ZONE,
          lines: own,
          // Final only once every line of the period is paid (the slip row says when).
          paidAt: own.length && own.every((l) => l.paid) ? (slip?.paidAt ?? null) : null,
        },
      };
    });
}

/** react-pdf loads when a slip is drawn, not with every salary call (the salary overview's). */
const renderSlip = async (source: Parameters<typeof paySlipModel>[0], issuer: DocumentIssuer) => {
  const { renderBusinessDocument } = await import("../pdf/business-document");
  return renderBusinessDocument(paySlipModel(source), issuer);
};

/** archiver, likewise, loads when a ZIP of slips is written. */
const newZip = async () => new (await import("archiver")).ZipArchive({ zlib: { level: 6 } });

const OWN_SLIPS_ONLY = "You may read your own pay slips only.";

/**
 * GET salary/slip (user_id — or self —, from, to): one worker's pay slip for a period as a PDF,
 * named "Pay slip October 2026 - William Berg.pdf". [salary_access]; a worker its own only
 * (403 otherwise). A period without salary lines of that worker: 404.
 */
export async function paySlipPdf(
  ctx: Ctx,
  raw: unknown,
): Promise<{ bytes: Uint8Array; filename: string }> {
  const actor = requireUser(ctx);
  // Who may, before the query is read (issue 27).
  assertMaySeeSalaryOf(ctx, fieldOf(raw, "user_id"), OWN_SLIPS_ONLY);
  const input = parseInput(paySlipInput, raw ?? {});
  const userId = typeof input.user_id === "number" ? input.user_id : actor.userId;
  if (userId !== actor.userId && !can(ctx, "salary_access"))
    throw new ForbiddenError(OWN_SLIPS_ONLY);
  const period = { from: input.from, to: input.to };
  const [slip] = await slipSources(ctx.db, [userId], period, ctx.now);
  if (!slip || !slip.source.lines.length)
    throw new NotFoundError("There is no salary for this period yet.");
  const bytes = await renderSlip(slip.source, await documentIssuer(ctx.db));
  return {
    bytes: new Uint8Array(bytes),
    filename: paySlipFileName(periodLabel(period.from, period.to), slip.name),
  };
}

/** Workers per batch of the ZIP: their lines are read together, their PDFs written one by one. */
export const ZIP_BATCH = 100;

/**
 * A period with more workers than this is not streamed by GET salary/slips: it would hold the
 * request open for minutes. It is exported in the background instead (POST salary/slips).
 */
export const ZIP_STREAM_MAX_WORKERS = 200;

/** The workers with salary lines in the period and place, in id order. */
export async function slipWorkerIds(
  db: DbOrTx,
  s: { from: string; to: string; branchId: number | null; countryId: number | null },
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: sl.userId })
    .from(sl)
    .where(
      exportLinesWhere({
        periodFrom: s.from,
        periodTo: s.to,
        branchId: s.branchId,
        countryId: s.countryId,
      }),
    )
    .orderBy(asc(sl.userId));
  return rows.map((r) => r.userId);
}

/**
 * Renders the pay slips of `ids` into `zip`, a batch of workers at a time: the batch's lines
 * are read in one go, its PDFs appended one by one, and the next batch is only read once the
 * archive has taken in every PDF of this one (so memory stays at one batch whatever the
 * period). `onBatch` hears the workers done so far. Does not finalize the archive.
 */
export async function appendPaySlips(
  zip: ZipArchive,
  db: DbOrTx,
  ids: number[],
  period: Period,
  now: Date,
  onBatch: (done: number, total: number) => Promise<void> = async () => undefined,
): Promise<{ slips: number; lines: number }> {
  const label = periodLabel(period.from, period.to);
  const issuer = await documentIssuer(db);
  const used = new Set<string>();
  let appended = 0;
  let taken = 0;
  let failed: Error | null = null;
  let waiting: (() => void) | null = null;
  const onEntry = () => {
    taken += 1;
    if (taken >= appended) waiting?.();
  };
  const onError = (err: Error) => {
    failed = err;
    waiting?.();
  };
  zip.on("entry", onEntry);
  zip.on("error", onError);
  let lines = 0;
  try {
    for (let i = 0; i < ids.length; i += ZIP_BATCH) {
      for (const slip of await slipSources(db, ids.slice(i, i + ZIP_BATCH), period, now)) {
        let name = paySlipFileName(label, slip.name);
        if (used.has(name)) name = name.replace(/\.pdf$/, ` ${slip.userId}.pdf`);
        used.add(name);
        zip.append(Buffer.from(await renderSlip(slip.source, issuer)), { name });
        appended += 1;
        lines += slip.source.lines.length;
      }
      // An archive destroyed before our listeners were on (its file could not be opened while
      // the first batch was read) takes no more entries and says nothing more: ask it.
      if (!failed && zip.destroyed) failed = zip.errored ?? new Error("The archive was closed.");
      if (taken < appended && !failed) await new Promise<void>((resolve) => (waiting = resolve));
      waiting = null;
      if (failed) throw failed;
      await onBatch(Math.min(i + ZIP_BATCH, ids.length), ids.length);
    }
  } finally {
    zip.off("entry", onEntry);
    zip.off("error", onError);
  }
  return { slips: appended, lines };
}

/**
 * The background ZIP (export-job.ts, an export whose file is a .zip): every pay slip of the
 * export's period and place written to `filePath`, progress per batch of workers. Throws (the
 * job marks the export failed) when the archive cannot be written.
 */
export async function writePaySlipsZip(
  db: Db,
  s: ExportScope,
  filePath: string,
  onProgress: (done: number, total: number) => Promise<void>,
): Promise<{ lines: number; slips: number }> {
  const period = { from: s.periodFrom, to: s.periodTo };
  const ids = await slipWorkerIds(db, { ...period, branchId: s.branchId, countryId: s.countryId });
  await onProgress(0, ids.length);
  const zip = await newZip();
  const out = createWriteStream(filePath);
  const written = new Promise<void>((resolve, reject) => {
    out.on("close", resolve);
    out.on("error", (err) => {
      reject(err);
      // The archive stops taking entries (appendPaySlips hears it) instead of filling up.
      zip.destroy(err);
    });
    zip.on("error", reject);
  });
  // A failure is thrown below, from whichever await meets it first; never left unhandled.
  written.catch(() => undefined);
  zip.pipe(out);
  try {
    const done = await appendPaySlips(zip, db, ids, period, new Date(), onProgress);
    await zip.finalize();
    await written;
    return done;
  } catch (err) {
    zip.abort();
    out.destroy();
    throw err;
  }
}

/**
 * GET salary/slips (from, to, branch_id or country_id) [salary_access]: every pay slip of the
 * period for the workers with salary lines in that branch or country, as one ZIP named
 * "Pay slips October 2026 - Copenhagen.zip". Up to ZIP_STREAM_MAX_WORKERS workers it is
 * streamed (the archive is written as each batch of slips is rendered); past that it is not
 * rendered in the request: the background export is started as by POST salary/slips and its
 * ids answered (`queued`). No lines: 404.
 */
export async function paySlipsZip(
  ctx: Ctx,
  raw: unknown,
  maxStreamed = ZIP_STREAM_MAX_WORKERS,
): Promise<
  { stream: ReadableStream<Uint8Array>; filename: string } | { queued: StartedSalaryExport }
> {
  requirePermission(ctx, "salary_access");
  const input = parseInput(paySlipsZipInput, raw ?? {});
  const period = { from: input.from, to: input.to };
  const [ids, place] = await sideBySide(
    ctx.db,
    () =>
      slipWorkerIds(ctx.db, {
        ...period,
        branchId: input.branch_id ?? null,
        countryId: input.country_id ?? null,
      }),
    () =>
      input.branch_id
        ? ctx.db
            .select({ name: schema.branches.name })
            .from(schema.branches)
            .where(eq(schema.branches.id, input.branch_id))
        : ctx.db
            .select({ name: schema.countries.name })
            .from(schema.countries)
            .where(eq(schema.countries.id, input.country_id!)),
  );
  if (!place.length)
    throw new NotFoundError(input.branch_id ? "Branch not found." : "Country not found.");
  if (!ids.length) throw new NotFoundError("There is no salary for this period yet.");
  if (ids.length > maxStreamed) return { queued: await startExport(ctx, input, "zip") };
  // A GET reads outside any transaction: `ctx.db` is the pool, which outlives this request, so
  // the slips rendered after the response has started read through it (never through a
  // transaction that would have ended). Past `maxStreamed` workers the background export runs.
  const db = ctx.db;
  const now = ctx.now;
  const zip = await newZip();
  // Rendered after the response has started: an error ends the stream (the client sees a
  // broken download) rather than a half archive presented as whole.
  void (async () => {
    try {
      await appendPaySlips(zip, db, ids, period, now);
      await zip.finalize();
    } catch (err) {
      zip.destroy(err instanceof Error ? err : new Error(String(err)));
    }
  })();
  return {
    stream: Readable.toWeb(zip) as ReadableStream<Uint8Array>,
    filename: paySlipsZipFileName(period.from, period.to, place[0].name),
  };
}
