import { NIGHT, type JobPlan } from "./types";

/** Spreewerk Veranstaltungen GmbH and Thames Live Ltd. */
export const GERMANY_UK: JobPlan[] = [
  // Germany: Spreewerk Veranstaltungen GmbH
  {
    key: "de-club-nights",
    company: "spreewerk",
    venue: "Spreewerk Halle",
    name: "Spreewerk club nights",
    status: "Paid",
    day: -80,
    branches: ["Berlin"],
    dressCode: "Black clothing",
    details: "Two club nights with international DJs; 1,500 guests a night.",
    shifts: [
      {
        day: 0,
        start: "22:00",
        end: "04:00",
        slots: [
          ["Security", 3],
          ["Bartender", 3],
          ["Sound technician", 1],
        ],
        notesForWorkers: NIGHT,
      },
      {
        day: 1,
        start: "22:00",
        end: "04:00",
        slots: [
          ["Security", 3],
          ["Bartender", 3],
        ],
        notesForWorkers: NIGHT,
      },
    ],
  },
  {
    key: "de-trade-fair",
    company: "spreewerk",
    venue: "Messehalle Hamburg B6",
    name: "Trade fair stand build – Hamburg",
    status: "Approved",
    day: -35,
    branches: ["Hamburg", "Berlin"],
    dressCode: "Hi-vis and safety boots",
    details: "Building twelve exhibitor stands in hall B6.",
    shifts: [
      {
        day: 0,
        start: "07:00",
        end: "15:00",
        slots: [
          ["Stagehand", 4],
          ["Forklift driver", 1],
          ["Rigger", 1],
        ],
      },
      {
        day: 1,
        start: "07:00",
        end: "15:00",
        slots: [
          ["Stagehand", 4],
          ["Forklift driver", 1],
        ],
      },
      { day: 2, start: "07:00", end: "15:00", slots: [["Stagehand", 3]] },
    ],
  },
  {
    key: "de-food-festival",
    company: "spreewerk",
    venue: "Messehalle Hamburg B6",
    name: "Hamburg Food Festival",
    status: "Published",
    day: 4,
    fill: 0.6,
    branches: ["Hamburg", "Berlin"],
    dressCode: "Chef whites",
    details: "Street kitchens and a tasting area; hygiene certificate required.",
    shifts: [
      {
        day: 0,
        start: "10:00",
        end: "18:00",
        slots: [
          ["Chef", 2],
          ["Kitchen assistant", 2],
          ["Waiter", 3],
        ],
      },
      {
        day: 1,
        start: "10:00",
        end: "18:00",
        slots: [
          ["Chef", 2],
          ["Kitchen assistant", 2],
          ["Waiter", 3],
        ],
      },
    ],
  },
  {
    key: "de-tempodrom",
    company: "spreewerk",
    venue: "Tempodrom",
    name: "Tempodrom gala evening",
    status: "Published",
    day: 18,
    fill: 0.4,
    branches: ["Berlin"],
    dressCode: "Smart casual",
    details: "Charity gala with dinner and auction.",
    shifts: [
      {
        day: 0,
        start: "16:00",
        end: "00:00",
        slots: [
          ["Waiter", 5],
          ["Bartender", 3],
          ["Security", 2],
        ],
      },
    ],
  },

  // United Kingdom: Thames Live Ltd
  {
    key: "gb-riverside",
    company: "thames",
    venue: "Thames Live Riverside Stage",
    name: "Riverside concert weekend",
    status: "Invoiced",
    day: -41,
    branches: ["London"],
    dressCode: "Black clothing",
    details: "Two open-air concerts on the riverside stage.",
    shifts: [
      {
        day: 0,
        start: "12:00",
        end: "20:00",
        slots: [
          ["Stagehand", 3],
          ["Security", 3],
          ["Steward", 3],
        ],
      },
      {
        day: 1,
        start: "12:00",
        end: "20:00",
        slots: [
          ["Security", 3],
          ["Steward", 3],
        ],
      },
    ],
  },
  {
    key: "gb-tech-expo",
    company: "thames",
    venue: "ExCeL London",
    name: "ExCeL tech expo build-up",
    status: "Approved",
    day: -26,
    branches: ["London"],
    dressCode: "Hi-vis and safety boots",
    details: "Overnight build of the main feature area and stage.",
    shifts: [
      {
        day: 0,
        start: "22:00",
        end: "06:00",
        slots: [
          ["Stagehand", 4],
          ["Forklift driver", 2],
          ["Rigger", 1],
        ],
        notesForWorkers: NIGHT,
      },
      {
        day: 1,
        start: "22:00",
        end: "06:00",
        slots: [
          ["Stagehand", 4],
          ["Rigger", 1],
        ],
        notesForWorkers: NIGHT,
      },
    ],
  },
  {
    key: "gb-dj-night",
    company: "thames",
    venue: "Mayfield Depot",
    name: "Mayfield DJ night",
    status: "Reported",
    day: -8,
    branches: ["Manchester"],
    dressCode: "Black clothing",
    details: "Warehouse DJ night, 3,000 guests.",
    shifts: [
      {
        day: 0,
        start: "21:00",
        end: "03:00",
        slots: [
          ["Security", 3],
          ["Bartender", 2],
          ["Steward", 2],
        ],
        notesForWorkers: NIGHT,
      },
    ],
  },
  {
    key: "gb-boat-party",
    company: "thames",
    venue: "Thames Live Riverside Stage",
    name: "Thames Live boat party",
    status: "Published",
    day: 6,
    fill: 0.5,
    branches: ["London"],
    dressCode: "Smart casual",
    details: "Private party on a riverboat leaving from Bankside pier.",
    shifts: [
      {
        day: 0,
        start: "18:00",
        end: "00:00",
        slots: [
          ["Bartender", 2],
          ["Waiter", 2],
          ["Security", 2],
        ],
      },
    ],
  },
  {
    key: "gb-consumer-show",
    company: "thames",
    venue: "ExCeL London",
    name: "ExCeL consumer show load-in",
    status: "Published",
    day: 22,
    fill: 0.3,
    branches: ["London", "Manchester"],
    dressCode: "Hi-vis and safety boots",
    details: "Three days of load-in for a consumer show; CSCS card required.",
    shifts: [
      {
        day: 0,
        start: "07:00",
        end: "15:00",
        slots: [
          ["Stagehand", 5],
          ["Forklift driver", 2],
          ["Truck loader", 2],
        ],
      },
      {
        day: 1,
        start: "07:00",
        end: "15:00",
        slots: [
          ["Stagehand", 4],
          ["Forklift driver", 1],
        ],
      },
      { day: 2, start: "07:00", end: "15:00", slots: [["Stagehand", 3]] },
    ],
  },
];
