import { eq } from "drizzle-orm";
import { NAME_MAX, atMostChars } from "@/lib/domain/text-limits";
import { z } from "zod";
import { schema } from "@/db";
import { checkPaymentDetails, groupIban, maskIban, maskValue } from "@/lib/domain/payment-details";
import { logActivity } from "../activity";
import { withTx, type Ctx } from "../context";
import { ValidationError } from "../errors";
import { flag } from "../params";
import { parseInput } from "../validate";
import { profileAccess } from "./access";
import { DATA_UPDATED } from "./profile-update";

/** Payment settings (spec §3): only the user and user creators (the payment tab) see them. */
export interface PaymentView {
  has_danish_bank: boolean;
  iban: string | null;
  swift: string | null;
  reg: string | null;
  konto: string | null;
  has_tax_id: boolean;
  tax_id: string | null;
  social_security: string | null;
  tax_card: string | null;
  issues_invoice: boolean;
  company_name: string | null;
}

async function readPayment(ctx: Ctx, userId: number): Promise<PaymentView> {
  const [row] = await ctx.db
    .select({ p: schema.paymentSettings, issuesInvoice: schema.users.issuesInvoice })
    .from(schema.users)
    .leftJoin(schema.paymentSettings, eq(schema.paymentSettings.userId, schema.users.id))
    .where(eq(schema.users.id, userId));
  const p = row?.p;
  return {
    has_danish_bank: p?.hasDanishBank ?? false,
    iban: groupIban(p?.iban ?? null),
    swift: p?.swift ?? null,
    reg: p?.reg ?? null,
    konto: p?.konto ?? null,
    has_tax_id: p?.hasTaxId ?? false,
    tax_id: p?.taxId ?? null,
    social_security: p?.socialSecurity ?? null,
    tax_card: p?.taxCard ?? null,
    issues_invoice: row?.issuesInvoice ?? false,
    company_name: p?.companyName ?? null,
  };
}

/** GET payment-information/{id}: the values in full, for the payment tab only. */
export async function getPaymentSettings(ctx: Ctx, rawId: unknown): Promise<PaymentView> {
  const { subject } = await profileAccess(ctx, rawId, { tab: "payment" });
  return readPayment(ctx, subject.id);
}

/** Bank numbers and a company name: checkPaymentDetails checks each format; this bounds them. */
const str = z
  .string({ error: "This value must be text." })
  .max(NAME_MAX, `This value ${atMostChars(NAME_MAX)}.`)
  .nullable()
  .optional();

export const paymentInput = z
  .object({
    has_danish_bank: flag,
    iban: str,
    swift: str,
    reg: str,
    konto: str,
    has_tax_id: flag,
    tax_id: str,
    social_security: str,
    tax_card: str,
    issues_invoice: flag,
    company_name: str,
  })
  .strict();

/** PUT payment-information/{id}: validated as a bank would (lib/domain/payment-details.ts). */
export async function savePaymentSettings(ctx: Ctx, rawId: unknown, raw: unknown) {
  // Who may, before the body is read: another's profile is 404 whatever was sent (issue 27).
  const manage = { tab: "payment", manage: "change the payment details of" } as const;
  await profileAccess(ctx, rawId, manage);
  const input = parseInput(paymentInput, raw ?? {});
  const checked = checkPaymentDetails(input);
  if (!checked.ok) throw new ValidationError(Object.values(checked.errors)[0][0], checked.errors);
  const { issuesInvoice, ...details } = checked.value;
  return withTx(ctx, async (ctx) => {
    const { subject } = await profileAccess(ctx, rawId, { ...manage, lock: true });
    await ctx.db
      .insert(schema.paymentSettings)
      .values({ userId: subject.id, ...details, updatedAt: ctx.now })
      .onConflictDoUpdate({
        target: schema.paymentSettings.userId,
        set: { ...details, updatedAt: ctx.now },
      });
    await ctx.db
      .update(schema.users)
      .set({ issuesInvoice, updatedAt: ctx.now })
      .where(eq(schema.users.id, subject.id));
    // The log names what changed, never the numbers themselves.
    await logActivity(ctx, {
      logName: "users",
      description: "Payment settings updated",
      subjectType: "users",
      subjectId: subject.id,
      properties: {
        iban: maskIban(details.iban),
        konto: maskValue(details.konto),
        has_danish_bank: details.hasDanishBank,
      },
    });
    return { ...(await readPayment(ctx, subject.id)), message: DATA_UPDATED };
  });
}

export { unpaidEarnings, unpaidEarningsInput, type UnpaidEarnings } from "./unpaid-earnings";
