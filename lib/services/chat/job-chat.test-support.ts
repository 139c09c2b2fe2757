/** What the job chat tests share: a booking suite at one "now", one-shift jobs, a chat's members. */
import { eq } from "drizzle-orm";
import { schema, type Db } from "@/db";
import { bookingSuite, type BookingSuite } from "@/lib/testing/booking-fixtures";
import type { JobWorld } from "@/lib/testing/jobs-fixtures";

export const NOW = new Date("2026-12-07T11:00:00Z");
export let db: Db;
export let w: JobWorld;
export let k: BookingSuite["k"];

/** Registers the suite's database hooks (each test file gets its own database). */
export function setUpJobChatSuite(): void {
  bookingSuite(NOW, (s) => ({ db, w, k } = s));
}

export const ctx = (userId: number) => k.ctx(userId);

let seq = 0;
/** A one-shift job of three places on a day of its own in December (the days come round). */
export const shiftJob = () => {
  const day = 10 + (++seq % 15);
  return k.oneShiftJob(`2026-12-${day}T08:00:00Z`, `2026-12-${day}T16:00:00Z`, 3);
};

/** A chat's members, in id order. */
export async function chatMembers(on: Db, chatId: number): Promise<number[]> {
  return (
    await on
      .select({ id: schema.chatParticipants.userId })
      .from(schema.chatParticipants)
      .where(eq(schema.chatParticipants.chatId, chatId))
  )
    .map((r) => r.id)
    .sort((a, b) => a - b);
}

/** The suite's chat members, in id order. */
export const members = (chatId: number) => chatMembers(db, chatId);
