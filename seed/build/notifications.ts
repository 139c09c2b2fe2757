import { eq } from "drizzle-orm";
import * as schema from "@/db/schema";
import { days, hours, jobByKey, type World } from "./world";

/**
 * A few e-mails already sent to William (issue 26), so the office's "Messages" list on his
 * Activity tab has something to show: subjects and categories only (bodies are never listed).
 */
export async function seedWorkerMessages(w: World): Promise<void> {
  const { tx, now, staff } = w;
  const [u] = await tx
    .select({ email: schema.users.email })
    .from(schema.users)
    .where(eq(schema.users.id, staff.worker));
  const arena = jobByKey(w, "dk-arena-load-in").plan.name;
  const rows: [string, string, string, number][] = [
    ["booking_changes", "shift_booked", `You are booked on ${arena}`, days(4)],
    ["shift_reminders", "shift_reminder", `Tomorrow: ${arena}`, days(1) + hours(2)],
    ["chat_digest", "chat_digest", "You have 2 unread messages", hours(5)],
  ];
  await tx.insert(schema.mailOutbox).values(
    rows.map(([category, template, subject, ago], i) => {
      const at = new Date(now.getTime() - ago);
      return {
        to: u.email,
        userId: staff.worker,
        category,
        template,
        subject,
        text: subject,
        status: "sent" as const,
        attempts: 1,
        sentAt: at,
        createdAt: at,
        idempotencyKey: `demo:${template}:${i}`,
      };
    }),
  );
}
