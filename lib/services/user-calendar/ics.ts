import ical, { ICalCalendarMethod } from "ical-generator";
import { formatDate, formatTimeRange } from "@/lib/domain/format";

/** One booked shift of the feed, as the query reads it. */
export interface FeedEvent {
  applicationId: number;
  start: Date;
  end: Date;
  /** The job's zone (its country's): the times in the description are read there. */
  timeZone: string;
  jobId: number;
  jobName: string;
  skillName: string;
  venueName: string | null;
  address: string | null;
  /** The shift's crew bosses other than the feed's owner. */
  crewBosses: { name: string; phone: string | null }[];
  /** The owner leads the crew on this shift. */
  selfCrewBoss: boolean;
}

/**
 * The feed as iCal text (ical-generator). DTSTART/DTEND are UTC instants, so every calendar
 * places them right whatever zone the phone is in (an overnight shift ends the next day, a
 * night across a clock change keeps its real length); the description repeats the times in
 * the job's own zone. UID is the application's: a changed shift updates its event, never
 * duplicates it.
 */
export function buildFeedIcs(
  events: FeedEvent[],
  opts: { appUrl: string; jobLink: (jobId: number) => string },
): string {
  const host = new URL(opts.appUrl).hostname || "crewdeck";
  const cal = ical({
    name: "Crewdeck shifts",
    prodId: { company: "Crewdeck", product: "Shifts feed", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    // Phones that honour it look again within the hour.
    ttl: 60 * 60,
  });
  for (const e of events) {
    const link = opts.jobLink(e.jobId);
    const boss = e.selfCrewBoss
      ? ["You are the crew boss on this shift."]
      : e.crewBosses.map((b) => `Crew boss: ${b.name}${b.phone ? `, ${b.phone}` : ""}`);
    cal.createEvent({
      id: `application-${e.applicationId}@${host}`,
      start: e.start,
      end: e.end,
      summary: `${e.jobName} (${e.skillName})`,
      location: e.address ?? e.venueName ?? null,
      description: [
        `${formatDate(e.start, e.timeZone)} ${formatTimeRange(e.start, e.end, e.timeZone)} (${e.timeZone})`,
        ...(e.venueName ? [`Venue: ${e.venueName}`] : []),
        ...boss,
        `Job: ${link}`,
      ].join("\n"),
      url: link,
    });
  }
  return cal.toString();
}
