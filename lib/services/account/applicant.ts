import { count, eq } from "drizzle-orm";
import { schema } from "@/db";
import { type Ctx, requireUser } from "../context";

export interface ChecklistItem {
  key: "phone" | "address" | "birth_date" | "skills" | "payment";
  label: string;
  href: string;
  done: boolean;
}

/**
 * The awaiting-approval dashboard's checklist: what an applicant completes so the agency can
 * approve it, each with the profile tab where it is done. One read per part, no writes.
 */
export async function applicantChecklist(ctx: Ctx): Promise<ChecklistItem[]> {
  const actor = requireUser(ctx);
  const [[user], [skills], [payment]] = await Promise.all([
    ctx.db
      .select({
        phone: schema.users.phone,
        address: schema.users.address,
        city: schema.users.city,
        birthDate: schema.users.birthDate,
      })
      .from(schema.users)
      .where(eq(schema.users.id, actor.userId)),
    ctx.db
      .select({ n: count() })
      .from(schema.userSkills)
      .where(eq(schema.userSkills.userId, actor.userId)),
    ctx.db
      .select({
        iban: schema.paymentSettings.iban,
        konto: schema.paymentSettings.konto,
        reg: schema.paymentSettings.reg,
      })
      .from(schema.paymentSettings)
      .where(eq(schema.paymentSettings.userId, actor.userId)),
  ]);
  const filled = (v: string | null | undefined) => Boolean(v && v.trim());
  return [
    { key: "phone", label: "Phone number", href: "/users/me/personal", done: filled(user?.phone) },
    {
      key: "address",
      label: "Address",
      href: "/users/me/personal",
      done: filled(user?.address) && filled(user?.city),
    },
    {
      key: "birth_date",
      label: "Birth date",
      href: "/users/me/personal",
      done: filled(user?.birthDate),
    },
    {
      key: "skills",
      label: "Skills and experience",
      href: "/users/me/my-skills",
      done: Number(skills?.n ?? 0) > 0,
    },
    {
      key: "payment",
      label: "Payment details (bank account)",
      href: "/users/me/payment",
      done: filled(payment?.iban) || (filled(payment?.konto) && filled(payment?.reg)),
    },
  ];
}
