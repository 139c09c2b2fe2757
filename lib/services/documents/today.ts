import { todayIn } from "@/lib/domain/documents";
import { AGENCY_TIME_ZONE } from "../viewer-zone";

/**
 * The agency's calendar day, the one expiry dates are compared with (upload checks, lists,
 * the warning sweep). Documents are not tied to a job's country, so one zone decides.
 */
export const documentsToday = (now: Date): string => todayIn(now, AGENCY_TIME_ZONE);
