import { describe, expect, it } from "vitest";
import {
  NOTIFICATION_PREFS,
  isNotificationPrefKey,
  mergeNotificationPrefs,
  resolveNotificationPrefs,
} from "./notification-prefs";

describe("notification preferences", () => {
  it("has the six keys, each with a sentence", () => {
    expect(NOTIFICATION_PREFS.map((p) => p.key)).toEqual([
      "new_jobs_matching_skills",
      "booking_changes",
      "shift_reminders",
      "hours_approved",
      "document_expiry",
      "chat_digest",
    ]);
    for (const p of NOTIFICATION_PREFS) expect(p.sentence).toMatch(/^[A-Z].+\.$/);
  });

  it("reads unset keys as their default and drops unknown keys", () => {
    expect(
      resolveNotificationPrefs({ hours_approved: true, junk: true, shift_reminders: "no" }),
    ).toEqual({
      new_jobs_matching_skills: true,
      booking_changes: true,
      shift_reminders: true,
      hours_approved: true,
      document_expiry: true,
      chat_digest: true,
    });
    expect(resolveNotificationPrefs(null).hours_approved).toBe(false);
  });

  it("merges a change over what was stored, known keys only", () => {
    expect(
      mergeNotificationPrefs({ booking_changes: false }, { shift_reminders: false, evil: true }),
    ).toEqual({
      new_jobs_matching_skills: true,
      booking_changes: false,
      shift_reminders: false,
      hours_approved: false,
      document_expiry: true,
      chat_digest: true,
    });
  });

  it("tells keys apart", () => {
    expect(isNotificationPrefKey("booking_changes")).toBe(true);
    expect(isNotificationPrefKey("__proto__")).toBe(false);
  });
});
