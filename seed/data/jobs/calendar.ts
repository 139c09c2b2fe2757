import type { SkillName } from "../master";
import type { JobPlan, ShiftPlan } from "./types";

/**
 * Recurring work that fills the calendar around today (issue 25): several shifts on most days
 * of this month and the next, in four countries, with every fill state, two drafts and one
 * cancelled job. The demo worker's skills (Stagehand, Forklift driver) are left out, so its
 * dashboard stays as the other plans make it.
 */
function series(
  count: number,
  every: number,
  start: string,
  end: string,
  slots: [SkillName, number][],
  first = 0,
): ShiftPlan[] {
  return Array.from({ length: count }, (_, i) => ({ day: first + i * every, start, end, slots }));
}

export const CALENDAR_SERIES: JobPlan[] = [
  {
    key: "cal-dk-arena-season",
    company: "nordlys",
    venue: "Royal Arena",
    name: "Royal Arena winter season – front of house",
    status: "Published",
    day: 1,
    branches: ["Copenhagen"],
    dressCode: "Crew T-shirt and black trousers",
    details: "Concert season: stewards and bars every evening of the run.",
    fill: 0.8,
    shifts: series(29, 1, "16:00", "23:30", [
      ["Steward", 4],
      ["Bartender", 2],
    ]),
  },
  {
    key: "cal-dk-studio-recordings",
    company: "nordlys",
    venue: "Nordlys Studio Valby",
    name: "Studio Valby TV recordings",
    status: "Published",
    day: 1,
    branches: ["Copenhagen"],
    dressCode: "Black clothing",
    details: "Weekly live show recordings: lights and floor security.",
    fill: 1,
    shifts: series(18, 2, "09:00", "17:00", [
      ["Light technician", 2],
      ["Security", 1],
    ]),
  },
  {
    key: "cal-dk-aarhus-nights",
    company: "nordlys",
    venue: "Musikhuset Aarhus",
    name: "Musikhuset Aarhus late concerts",
    status: "Published",
    day: 2,
    branches: ["Aarhus", "Copenhagen"],
    dressCode: "Black clothing",
    details: "Late concerts; the bar closes after the encore.",
    fill: 0.2,
    shifts: series(12, 3, "20:00", "02:00", [
      ["Bartender", 3],
      ["Waiter", 2],
    ]),
  },
  {
    key: "cal-se-arena-series",
    company: "svea",
    venue: "Svea Arena",
    name: "Svea Arena ice hockey home games",
    status: "Published",
    day: 1,
    branches: ["Stockholm"],
    dressCode: "Crew T-shirt and black trousers",
    details: "Home games: stewards at the gates and the bars on two levels.",
    fill: 0.5,
    shifts: series(14, 3, "17:00", "22:30", [
      ["Steward", 6],
      ["Bartender", 2],
    ]),
  },
  {
    key: "cal-uk-riverside-run",
    company: "thames",
    venue: "Thames Live Riverside Stage",
    name: "Riverside Stage winter run",
    status: "Published",
    day: 1,
    branches: ["London"],
    dressCode: "Black clothing",
    details: "Evening shows, Tuesday to Sunday. Sound and security crew.",
    fill: 0.6,
    shifts: series(30, 1, "17:30", "23:00", [
      ["Sound technician", 1],
      ["Security", 3],
    ]),
  },
  {
    key: "cal-no-winter-market",
    company: "fjord",
    venue: "Tøyenparken festival site",
    name: "Tøyenparken winter market",
    status: "Published",
    day: 3,
    branches: ["Oslo"],
    dressCode: "Hi-vis and safety boots",
    details: "Weekend market with food stalls; kitchen help and security.",
    fill: 0,
    shifts: series(8, 4, "10:00", "18:00", [
      ["Kitchen assistant", 3],
      ["Security", 2],
    ]),
  },
  {
    key: "cal-dk-christmas-draft",
    company: "nordlys",
    venue: "Refshaleøen Hal 2",
    name: "Nordlys Christmas party (draft)",
    status: "Draft",
    day: 12,
    branches: ["Copenhagen"],
    dressCode: "Smart casual",
    details: "Still being planned with the client: numbers may change.",
    shifts: series(2, 1, "18:00", "01:00", [
      ["Waiter", 8],
      ["Bartender", 4],
    ]),
  },
  {
    key: "cal-se-expo-draft",
    company: "svea",
    venue: "Svea Expo Hall Göteborg",
    name: "Göteborg design fair (draft)",
    status: "Draft",
    day: 26,
    branches: ["Gothenburg"],
    dressCode: "Hi-vis and safety boots",
    details: "Draft: waiting for the floor plan.",
    shifts: series(3, 1, "08:00", "16:00", [["Steward", 4]]),
  },
  {
    key: "cal-uk-excel-cancelled",
    company: "thames",
    venue: "ExCeL London",
    name: "ExCeL product launch",
    status: "Cancelled",
    reason: "The client moved the launch to spring.",
    day: 9,
    branches: ["London"],
    dressCode: "Smart casual",
    details: "Product launch with a seated dinner.",
    shifts: series(2, 1, "12:00", "22:00", [
      ["Waiter", 6],
      ["Security", 2],
    ]),
  },
];
