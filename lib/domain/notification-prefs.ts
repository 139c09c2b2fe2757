/**
 * What a user may choose to be told by e-mail (profile settings tab). Stored in
 * users.notification_prefs as `{ key: boolean }`; a key never stored reads as its default.
 */
export const NOTIFICATION_PREFS = [
  {
    key: "new_jobs_matching_skills",
    label: "New jobs for my skills",
    sentence: "E-mail me when a job opens that matches my skills and branches.",
    default: true,
  },
  {
    key: "booking_changes",
    label: "Booking changes",
    sentence:
      "E-mail me when I am booked, requested, moved or removed from a shift, or it is cancelled.",
    default: true,
  },
  {
    key: "shift_reminders",
    label: "Shift reminders",
    sentence: "Remind me by e-mail the day before a shift I am booked on.",
    default: true,
  },
  {
    key: "hours_approved",
    label: "Hours approved",
    sentence: "E-mail me when my reported hours are approved or sent back.",
    default: false,
  },
  {
    key: "document_expiry",
    label: "Documents about to expire",
    sentence: "E-mail me 30 days before one of my documents expires.",
    default: true,
  },
  {
    key: "chat_digest",
    label: "Unread chat messages",
    sentence: "E-mail me when chat messages have waited unread for 15 minutes.",
    default: true,
  },
] as const;

export type NotificationPrefKey = (typeof NOTIFICATION_PREFS)[number]["key"];

export const NOTIFICATION_PREF_KEYS = NOTIFICATION_PREFS.map((p) => p.key) as [
  NotificationPrefKey,
  ...NotificationPrefKey[],
];

export function isNotificationPrefKey(key: string): key is NotificationPrefKey {
  return (NOTIFICATION_PREF_KEYS as readonly string[]).includes(key);
}

/** Every known key with its value: the stored one, else the default. Unknown keys are dropped. */
export function resolveNotificationPrefs(
  stored: Record<string, unknown> | null | undefined,
): Record<NotificationPrefKey, boolean> {
  const out = {} as Record<NotificationPrefKey, boolean>;
  for (const p of NOTIFICATION_PREFS) {
    const v = stored?.[p.key];
    out[p.key] = typeof v === "boolean" ? v : p.default;
  }
  return out;
}

/** The stored value after a change: known keys only, merged over what was stored. */
export function mergeNotificationPrefs(
  stored: Record<string, unknown> | null | undefined,
  change: Partial<Record<string, boolean>>,
): Record<NotificationPrefKey, boolean> {
  const current = resolveNotificationPrefs(stored);
  for (const [k, v] of Object.entries(change))
    if (isNotificationPrefKey(k) && typeof v === "boolean") current[k] = v;
  return current;
}
