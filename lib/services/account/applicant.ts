import { count, eq } from "drizzle-orm";
import { schema, sideBySide } from "@/db";
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
  const [[user], [skills], [payment]] = await sideBySide(
    ctx.db,
    () =>
      ctx.db
        .select({
          phone: schema.users.phone,
          address: schema.users.address,
          city: schema.users.city,
          birthDate: schema.users.birthDate,
        })
        .from(schema.users)
        .where(eq(schema.users.id, actor.userId)),
    () =>
      ctx.db
        .select({ n: count() })
        .from(schema.userSkills)
        .where(eq(schema.userSkills.userId, actor.userId)),
    () =>
      ctx.db
        .select({
          iban: schema.paymentSettings.iban,
          konto: schema.paymentSettings.konto,
          reg: schema.paymentSettings.reg,
        })
        .from(schema.paymentSettings)
        .where(eq(schema.paymentSettings.userId, actor.userId)),
  );
  return checklistOf({
    phone: user?.phone,
    address: user?.address,
    city: user?.city,
    birthDate: user?.birthDate,
    skills: Number(skills?.n ?? 0),
    iban: payment?.iban,
    konto: payment?.konto,
    reg: payment?.reg,
  });
}

/** What the checklist is decided on: the profile's fields, its skill count, its bank account. */
export interface ChecklistFacts {
  phone?: string | null;
  address?: string | null;
  city?: string | null;
  birthDate?: string | null;
  skills: number;
  iban?: string | null;
  konto?: string | null;
  reg?: string | null;
}

/**
 * The checklist from its facts: one rule for the applicant's own dashboard and the office's
 * applicants list (lib/services/applicants), which reads the same facts for a page at once.
 */
export function checklistOf(f: ChecklistFacts): ChecklistItem[] {
  const filled = (v: string | null | undefined) => Boolean(v && v.trim());
  return [
    { key: "phone", label: "Phone number", href: "/users/me/personal", done: filled(f.phone) },
    {
      key: "address",
      label: "Address",
      href: "/users/me/personal",
      done: filled(f.address) && filled(f.city),
    },
    {
      key: "birth_date",
      label: "Birth date",
      href: "/users/me/personal",
      done: filled(f.birthDate),
    },
    {
      key: "skills",
      label: "Skills and experience",
      href: "/users/me/my-skills",
      done: f.skills > 0,
    },
    {
      key: "payment",
      label: "Payment details (bank account)",
      href: "/users/me/payment",
      done: filled(f.iban) || (filled(f.konto) && filled(f.reg)),
    },
  ];
}
