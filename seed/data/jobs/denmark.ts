import { BAR, LOAD_IN, NIGHT, type JobPlan } from "./types";

/** Nordlys Events: the demo client, with the demo worker's own shifts. */
export const DENMARK: JobPlan[] = [
  // Denmark: Nordlys Events
  {
    key: "dk-harbour-lights",
    company: "nordlys",
    venue: "Refshaleøen Hal 2",
    name: "Nordlys Harbour Lights – opening night",
    status: "Paid",
    day: -75,
    branches: ["Copenhagen"],
    dressCode: "Black clothing",
    details:
      "Light installation opening with a live set. Build on day one, show and strike on day two.",
    shifts: [
      {
        day: 0,
        start: "08:00",
        end: "16:00",
        slots: [
          ["Stagehand", 4],
          ["Light technician", 2],
        ],
        notesForWorkers: LOAD_IN,
      },
      {
        day: 1,
        start: "15:00",
        end: "23:00",
        slots: [
          ["Stagehand", 3],
          ["Light technician", 2],
          ["Bartender", 2],
        ],
      },
    ],
  },
  {
    key: "dk-symphony",
    company: "nordlys",
    venue: "Royal Arena",
    name: "Royal Arena symphony night",
    status: "Paid",
    day: -62,
    branches: ["Copenhagen"],
    dressCode: "Black clothing",
    details: "Orchestra with choir. Stage extension and risers, seated audience of 9,000.",
    shifts: [
      {
        day: 0,
        start: "08:00",
        end: "16:00",
        slots: [
          ["Stagehand", 4],
          ["Sound technician", 1],
          ["Steward", 3],
        ],
      },
    ],
  },
  {
    key: "dk-tech-summit",
    company: "nordlys",
    venue: "Royal Arena",
    name: "Nordic Tech Summit – build and get-out",
    status: "Invoiced",
    day: -45,
    branches: ["Copenhagen", "Aarhus"],
    dressCode: "Crew T-shirt and black trousers",
    withBooker: true,
    details:
      "Three-day conference. Exhibition floor build on day one, breakout rooms on day two, overnight get-out after the closing keynote.",
    shifts: [
      {
        day: 0,
        start: "07:00",
        end: "15:00",
        slots: [
          ["Stagehand", 5],
          ["Forklift driver", 2],
        ],
        notesForWorkers: LOAD_IN,
      },
      {
        day: 1,
        start: "08:00",
        end: "16:00",
        slots: [
          ["Stagehand", 3],
          ["Sound technician", 2],
        ],
      },
      {
        day: 2,
        start: "22:00",
        end: "04:00",
        slots: [
          ["Stagehand", 5],
          ["Truck loader", 2],
        ],
        notesForWorkers: NIGHT,
        description: "Get-out after the closing keynote.",
      },
    ],
  },
  {
    // Runs beside the Tech Summit: crew on one cannot be on the other.
    key: "dk-press-breakfast",
    company: "nordlys",
    venue: "Nordlys Studio Valby",
    name: "Press breakfast – Valby studio",
    status: "Invoiced",
    day: -44,
    branches: ["Copenhagen"],
    dressCode: "Smart casual",
    details: "Breakfast briefing for 60 journalists before the summit's second day.",
    shifts: [
      {
        day: 0,
        start: "07:00",
        end: "12:00",
        slots: [
          ["Stagehand", 2],
          ["Waiter", 3],
        ],
      },
    ],
  },
  {
    key: "dk-gala",
    company: "nordlys",
    venue: "Refshaleøen Hal 2",
    name: "Nordlys Gala at Refshaleøen",
    status: "Approved",
    day: -22,
    branches: ["Copenhagen"],
    dressCode: "Smart casual",
    details: "Seated gala dinner for 400 guests with an awards show. Build day and show night.",
    shifts: [
      {
        day: 0,
        start: "09:00",
        end: "17:00",
        slots: [
          ["Stagehand", 4],
          ["Light technician", 2],
        ],
        notesForWorkers: LOAD_IN,
      },
      {
        day: 1,
        start: "16:00",
        end: "00:00",
        slots: [
          ["Bartender", 3],
          ["Waiter", 4],
          ["Security", 2],
        ],
        notesForWorkers: BAR,
        dressCodeNotes: "Black shirt for waiters.",
      },
    ],
  },
  {
    key: "dk-launch",
    company: "nordlys",
    venue: "Nordlys Studio Valby",
    name: "Product launch – Valby studio",
    status: "Reported",
    day: -10,
    branches: ["Copenhagen"],
    dressCode: "Black clothing",
    details: "Live-streamed product launch. LED wall and three cameras.",
    shifts: [
      {
        day: 0,
        start: "09:00",
        end: "17:00",
        slots: [
          ["Video technician", 2],
          ["Stagehand", 3],
          ["Runner", 1],
        ],
      },
    ],
  },
  {
    key: "dk-rig-down",
    company: "nordlys",
    venue: "Refshaleøen Hal 2",
    name: "Corporate party rig-down",
    status: "Report!",
    day: -2,
    branches: ["Copenhagen"],
    dressCode: "Hi-vis and safety boots",
    details: "Strike of the stage, bars and lounge furniture after a corporate party. Two trucks.",
    shifts: [
      {
        day: 0,
        start: "08:00",
        end: "16:00",
        slots: [
          ["Stagehand", 4],
          ["Forklift driver", 1],
          ["Truck loader", 2],
        ],
        notesForWorkers: LOAD_IN,
      },
    ],
  },
  {
    key: "dk-arena-load-in",
    company: "nordlys",
    venue: "Royal Arena",
    name: "Royal Arena concert – load-in",
    status: "Published",
    day: 0,
    fill: 1,
    branches: ["Copenhagen"],
    dressCode: "Hi-vis and safety boots",
    withBooker: true,
    details:
      "Arena tour load-in: 12 trucks, flown PA and lighting rig. Show crew follows tomorrow.",
    shifts: [
      {
        day: 0,
        start: "running",
        end: "running",
        slots: [
          ["Stagehand", 5],
          ["Rigger", 2],
          ["Forklift driver", 1],
        ],
        notesForWorkers:
          "Check in with the crew boss at Gate 4. Helmets are handed out at the dock.",
        description: "Load-in and rig.",
      },
      {
        day: 1,
        start: "running",
        end: "running",
        slots: [
          ["Stagehand", 4],
          ["Rigger", 1],
        ],
        description: "Load-out after the show.",
      },
    ],
  },
  {
    key: "dk-conference",
    company: "nordlys",
    venue: "Royal Arena",
    name: "Nordlys client conference",
    status: "Published",
    day: 2,
    fill: 0.7,
    branches: ["Copenhagen"],
    dressCode: "Crew T-shirt and black trousers",
    details:
      "Two-day conference in the arena's east hall. Pallets of furniture to move on day one.",
    shifts: [
      {
        day: 0,
        start: "07:00",
        end: "15:00",
        slots: [
          ["Forklift driver", 2],
          ["Stagehand", 4],
        ],
        notesForWorkers: LOAD_IN,
      },
      {
        day: 1,
        start: "08:00",
        end: "16:00",
        slots: [
          ["Stagehand", 3],
          ["Sound technician", 1],
        ],
      },
    ],
  },
  {
    // Same hours as the conference's second day, in another part of town.
    key: "dk-demo-day",
    company: "nordlys",
    venue: "Nordlys Studio Valby",
    name: "Partner demo day – Valby studio",
    status: "Published",
    day: 3,
    fill: 0.5,
    branches: ["Copenhagen"],
    dressCode: "Black clothing",
    details: "Hands-on product demos for partners; two demo stations and a small stage.",
    shifts: [
      {
        day: 0,
        start: "09:00",
        end: "17:00",
        slots: [
          ["Stagehand", 3],
          ["Video technician", 1],
        ],
      },
    ],
  },
  {
    key: "dk-aarhus-jazz",
    company: "nordlys",
    venue: "Musikhuset Aarhus",
    name: "Aarhus Jazz Weekend",
    status: "Published",
    day: 5,
    fill: 0.5,
    branches: ["Aarhus", "Copenhagen"],
    dressCode: "Black clothing",
    details: "Three stages inside Musikhuset. Travel from Copenhagen is paid (train ticket).",
    shifts: [
      {
        day: 0,
        start: "12:00",
        end: "20:00",
        slots: [
          ["Stagehand", 4],
          ["Sound technician", 2],
          ["Bartender", 3],
        ],
      },
      {
        day: 1,
        start: "12:00",
        end: "20:00",
        slots: [
          ["Stagehand", 3],
          ["Bartender", 3],
          ["Steward", 4],
        ],
        notesForWorkers: BAR,
      },
      {
        day: 2,
        start: "22:00",
        end: "04:00",
        slots: [
          ["Stagehand", 5],
          ["Truck loader", 2],
        ],
        notesForWorkers: NIGHT,
        description: "Get-out.",
      },
    ],
  },
  {
    key: "dk-street-food",
    company: "nordlys",
    venue: "Refshaleøen Hal 2",
    name: "Refshaleøen street food market build",
    status: "Published",
    day: 10,
    fill: 0.4,
    branches: ["Copenhagen"],
    dressCode: "Hi-vis and safety boots",
    details: "Building 40 food stalls and a covered seating area. Forklift work on both days.",
    shifts: [
      {
        day: 0,
        start: "08:00",
        end: "16:00",
        slots: [
          ["Stagehand", 6],
          ["Forklift driver", 2],
          ["Truck loader", 2],
        ],
        notesForWorkers: LOAD_IN,
      },
      {
        day: 1,
        start: "08:00",
        end: "16:00",
        slots: [
          ["Stagehand", 5],
          ["Forklift driver", 1],
        ],
      },
    ],
  },
  {
    key: "dk-anniversary",
    company: "nordlys",
    venue: "Refshaleøen Hal 2",
    name: "Nordlys 10-year anniversary gala",
    status: "Published",
    day: 20,
    fill: 0.3,
    branches: ["Copenhagen"],
    dressCode: "Smart casual",
    details: "Party for 600 guests: build day, then show night with bars and a late DJ set.",
    shifts: [
      {
        day: 0,
        start: "10:00",
        end: "18:00",
        slots: [
          ["Stagehand", 4],
          ["Light technician", 2],
        ],
      },
      {
        day: 1,
        start: "18:00",
        end: "02:00",
        slots: [
          ["Bartender", 5],
          ["Waiter", 5],
          ["Security", 3],
        ],
        notesForWorkers: `${BAR} ${NIGHT}`,
      },
    ],
  },
  {
    key: "dk-fashion",
    company: "nordlys",
    venue: "Nordlys Studio Valby",
    name: "Fashion show – Valby studio",
    status: "Draft",
    day: 30,
    createdBy: "col",
    branches: ["Copenhagen"],
    dressCode: "Black clothing",
    details: "Runway show for a Danish designer. Waiting for the final running order.",
    shifts: [
      {
        day: 0,
        start: "09:00",
        end: "17:00",
        slots: [
          ["Stagehand", 3],
          ["Light technician", 2],
          ["Runner", 1],
        ],
      },
    ],
  },
  {
    // Starts within the next 24 hours whatever the time of day ("running" clock times, one
    // day on) and is not full yet: the dashboard's "not full" list and open positions.
    key: "dk-arena-show",
    company: "nordlys",
    venue: "Royal Arena",
    name: "Royal Arena concert – show crew",
    status: "Published",
    day: 1,
    fill: 0.5,
    branches: ["Copenhagen"],
    dressCode: "Black clothing",
    details: "Show day of the arena tour: stage crew for changeovers, stewards at the doors.",
    shifts: [
      {
        day: 0,
        start: "running",
        end: "running",
        slots: [
          ["Stagehand", 4],
          ["Steward", 4],
        ],
        notesForWorkers: "Meet at Gate 4. The crew boss hands out radios at the dock.",
        description: "Changeovers and doors.",
      },
    ],
  },
  {
    key: "dk-cinema",
    company: "nordlys",
    venue: "Royal Arena",
    name: "Outdoor cinema – Ørestad",
    status: "Cancelled",
    day: 14,
    reason:
      "The client postponed the event to next season; the outdoor permit was not granted in time.",
    branches: ["Copenhagen"],
    dressCode: "Crew T-shirt and black trousers",
    details: "Big screen and 800 deck chairs on the arena plaza.",
    shifts: [
      {
        day: 0,
        start: "18:00",
        end: "00:00",
        slots: [
          ["Stagehand", 4],
          ["Video technician", 1],
          ["Steward", 4],
        ],
      },
    ],
  },
];
