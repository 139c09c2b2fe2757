import { LOAD_IN, NIGHT, type JobPlan } from "./types";

/** Svea Arena AB and Fjord Festivals AS. */
export const SWEDEN_NORWAY: JobPlan[] = [
  // Sweden: Svea Arena AB
  {
    key: "se-hockey",
    company: "svea",
    venue: "Svea Arena",
    name: "Hockey final – arena conversion",
    status: "Paid",
    day: -70,
    branches: ["Stockholm"],
    dressCode: "Hi-vis and safety boots",
    details:
      "Ice floor covered and concert stage built overnight after the final, then reversed the next night.",
    shifts: [
      {
        day: 0,
        start: "22:00",
        end: "06:00",
        slots: [
          ["Stagehand", 5],
          ["Rigger", 2],
          ["Forklift driver", 1],
        ],
        notesForWorkers: NIGHT,
      },
      {
        day: 1,
        start: "22:00",
        end: "06:00",
        slots: [
          ["Stagehand", 4],
          ["Forklift driver", 1],
        ],
        notesForWorkers: NIGHT,
      },
    ],
  },
  {
    key: "se-home-expo",
    company: "svea",
    venue: "Svea Expo Hall Göteborg",
    name: "Svea Home & Garden Expo",
    status: "Approved",
    day: -30,
    branches: ["Gothenburg", "Stockholm"],
    dressCode: "Crew T-shirt and black trousers",
    details: "Three fair days: visitor guidance and exhibitor support.",
    shifts: [
      {
        day: 0,
        start: "08:00",
        end: "16:00",
        slots: [
          ["Stagehand", 3],
          ["Steward", 3],
          ["Runner", 1],
        ],
      },
      {
        day: 1,
        start: "08:00",
        end: "16:00",
        slots: [
          ["Steward", 3],
          ["Runner", 1],
        ],
      },
      {
        day: 2,
        start: "08:00",
        end: "16:00",
        slots: [
          ["Stagehand", 3],
          ["Steward", 2],
        ],
      },
    ],
  },
  {
    key: "se-esports",
    company: "svea",
    venue: "Svea Arena",
    name: "Stockholm Esports Open",
    status: "Report!",
    day: -5,
    branches: ["Stockholm"],
    dressCode: "Black clothing",
    details: "Two tournament days with broadcast production and 6,000 visitors a day.",
    shifts: [
      {
        day: 0,
        start: "10:00",
        end: "18:00",
        slots: [
          ["Video technician", 2],
          ["Sound technician", 1],
          ["Security", 3],
        ],
      },
      {
        day: 1,
        start: "10:00",
        end: "18:00",
        slots: [
          ["Video technician", 2],
          ["Security", 3],
        ],
      },
    ],
  },
  {
    key: "se-stadium-concert",
    company: "svea",
    venue: "Svea Arena",
    name: "Svea Arena concert weekend",
    status: "Published",
    day: 8,
    fill: 0.6,
    branches: ["Stockholm"],
    dressCode: "Black clothing",
    withBooker: true,
    details: "Build day followed by a sold-out concert night.",
    shifts: [
      {
        day: 0,
        start: "08:00",
        end: "16:00",
        slots: [
          ["Stagehand", 5],
          ["Rigger", 2],
        ],
        notesForWorkers: LOAD_IN,
      },
      {
        day: 1,
        start: "16:00",
        end: "00:00",
        slots: [
          ["Security", 4],
          ["Steward", 4],
          ["Bartender", 2],
        ],
      },
    ],
  },
  {
    key: "se-boat-show",
    company: "svea",
    venue: "Svea Expo Hall Göteborg",
    name: "Gothenburg Boat Show build",
    status: "Published",
    day: 16,
    fill: 0.5,
    branches: ["Gothenburg"],
    dressCode: "Hi-vis and safety boots",
    details: "Boats arrive on trailers; forklifts and careful loading.",
    shifts: [
      {
        day: 0,
        start: "07:00",
        end: "15:00",
        slots: [
          ["Forklift driver", 2],
          ["Stagehand", 4],
          ["Truck loader", 2],
        ],
      },
      {
        day: 1,
        start: "07:00",
        end: "15:00",
        slots: [
          ["Stagehand", 3],
          ["Forklift driver", 1],
        ],
      },
    ],
  },

  // Norway: Fjord Festivals AS
  {
    key: "no-sessions",
    company: "fjord",
    venue: "Tøyenparken festival site",
    name: "Fjord Sessions – site get-out",
    status: "Invoiced",
    day: -50,
    branches: ["Oslo"],
    dressCode: "Crew T-shirt and black trousers",
    details: "Striking two stages, fencing and the bar village after the festival.",
    shifts: [
      {
        day: 0,
        start: "08:00",
        end: "16:00",
        slots: [
          ["Stagehand", 5],
          ["Truck loader", 2],
          ["Driver", 1],
        ],
      },
      {
        day: 1,
        start: "08:00",
        end: "16:00",
        slots: [
          ["Stagehand", 4],
          ["Driver", 1],
        ],
      },
    ],
  },
  {
    key: "no-bergen-concert",
    company: "fjord",
    venue: "Bergen Harbour Stage",
    name: "Bergen Harbour Concert",
    status: "Reported",
    day: -12,
    branches: ["Bergen", "Oslo"],
    dressCode: "Crew T-shirt and black trousers",
    details: "Open-air concert on the harbour for 5,000 guests.",
    shifts: [
      {
        day: 0,
        start: "14:00",
        end: "22:00",
        slots: [
          ["Stagehand", 3],
          ["Sound technician", 1],
          ["Steward", 4],
        ],
      },
    ],
  },
  {
    key: "no-food-market",
    company: "fjord",
    venue: "Tøyenparken festival site",
    name: "Oslo Food Market",
    status: "Report!",
    day: -4,
    branches: ["Oslo"],
    dressCode: "Chef whites",
    details: "Two-day street food market with a shared kitchen and two bars.",
    shifts: [
      {
        day: 0,
        start: "10:00",
        end: "18:00",
        slots: [
          ["Chef", 1],
          ["Kitchen assistant", 2],
          ["Bartender", 2],
        ],
      },
      {
        day: 1,
        start: "10:00",
        end: "18:00",
        slots: [
          ["Chef", 1],
          ["Kitchen assistant", 2],
          ["Waiter", 2],
        ],
      },
    ],
  },
  {
    key: "no-site-build",
    company: "fjord",
    venue: "Tøyenparken festival site",
    name: "Fjord Festival – site build",
    status: "Published",
    day: 12,
    fill: 0.5,
    branches: ["Oslo", "Bergen"],
    dressCode: "Hi-vis and safety boots",
    details: "Four build days: fencing, two stages, bar village. Rain gear recommended.",
    shifts: [
      {
        day: 0,
        start: "07:00",
        end: "15:00",
        slots: [
          ["Stagehand", 5],
          ["Forklift driver", 1],
        ],
      },
      {
        day: 1,
        start: "07:00",
        end: "15:00",
        slots: [
          ["Stagehand", 5],
          ["Rigger", 2],
        ],
      },
      {
        day: 2,
        start: "07:00",
        end: "15:00",
        slots: [
          ["Stagehand", 4],
          ["Rigger", 2],
        ],
      },
      {
        day: 3,
        start: "07:00",
        end: "15:00",
        slots: [
          ["Stagehand", 3],
          ["Driver", 1],
        ],
      },
    ],
  },
  {
    key: "no-season-opener",
    company: "fjord",
    venue: "Bergen Harbour Stage",
    name: "Harbour Stage season opener",
    status: "Published",
    day: 25,
    fill: 0.3,
    branches: ["Bergen"],
    dressCode: "Black clothing",
    details: "Season opening concert with fireworks.",
    shifts: [
      {
        day: 0,
        start: "16:00",
        end: "00:00",
        slots: [
          ["Sound technician", 1],
          ["Light technician", 1],
          ["Steward", 3],
        ],
      },
    ],
  },
];
