import { formatDate, formatDuration, formatTime, formatTimeRange } from "@/lib/domain/format";

/** "22:00–02:00 (+1 day)": a time range that says when it ends on a later day. */
export const timeRange = (startIso: string, endIso: string, timeZone: string): string =>
  formatTimeRange(new Date(startIso), new Date(endIso), timeZone);

export const dayOf = (iso: string, timeZone: string): string => formatDate(new Date(iso), timeZone);

/** "4 h 30 min". */
export const duration = (minutes: number): string => formatDuration(minutes);

/** "HH:mm" of an instant in the job's zone (the hours form's fields). */
export const hhmm = (iso: string, timeZone: string): string => formatTime(new Date(iso), timeZone);
