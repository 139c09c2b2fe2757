import { todayIn } from "@/lib/domain/documents";

/**
 * The agency's calendar day, the one expiry dates are compared with (upload checks, lists,
 * the warning sweep). Documents are not tied to a job's country, so one zone decides.
 */
export const DOCUMENTS_TIME_ZONE = "Europe/Copenhagen";

export const documentsToday = (now: Date): string => todayIn(now, DOCUMENTS_TIME_ZONE);
