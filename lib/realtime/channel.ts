/** The NOTIFY channel every app instance listens on (DESIGN.md §7 realtime port). */
export const REALTIME_CHANNEL = "crewdeck_realtime";
