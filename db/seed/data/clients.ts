import type { OperationalIso, SkillName } from "./master";

export type CompanyKey = "nordlys" | "svea" | "fjord" | "spreewerk" | "thames";

export interface ContactPlan {
  /** Staff key when the contact is one of the demo accounts (col@crewdeck.test). */
  staffKey?: "col";
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export interface CompanyPlan {
  key: CompanyKey;
  name: string;
  country: OperationalIso;
  defaultBranch: string;
  /** Valid for the country's format (checksums included): the client form checks it. */
  taxId: string;
  address: string;
  zip: string;
  city: string;
  phone: string;
  email: string;
  typeOfWork: string;
  safetyRequirements: string;
  waterPolicy: string;
  foodPolicy: string;
  dressCode: string;
  valueWorkers: string;
  /** Contacts on location; the first is the default contact of the company's jobs. */
  contacts: ContactPlan[];
  /** Extra key account managers beyond the demo PM (staff keys). */
  extraAccountManagers: ("pmNordics" | "handlerUk")[];
  preferredSkills: SkillName[];
  /** Prefix of the client's purchase-order numbers (invoice reference). */
  poPrefix: string;
}

export const COMPANIES: CompanyPlan[] = [
  {
    key: "nordlys",
    name: "Nordlys Events",
    country: "DK",
    defaultBranch: "Copenhagen",
    taxId: "DK38214004",
    address: "Refshalevej 163A",
    zip: "1432",
    city: "København K",
    phone: "+45 70 20 44 10",
    email: "booking@nordlys-events.test",
    typeOfWork:
      "Concerts, conferences and corporate events in Copenhagen and Aarhus: stage builds, load-in/out, bars.",
    safetyRequirements:
      "Safety boots on all build and get-out shifts. Helmets under rigging. Induction by the site manager before work starts.",
    waterPolicy: "Water stations backstage; crew bring their own bottle.",
    foodPolicy: "Hot meal on shifts of 8 hours or more; sandwiches otherwise.",
    dressCode: "Black clothing on show days, crew T-shirt on build days.",
    valueWorkers: "Punctual, tidy and calm around guests. Crew who know our venues are preferred.",
    contacts: [
      {
        staffKey: "col",
        firstName: "Camilla",
        lastName: "Olsen",
        email: "col@crewdeck.test",
        phone: "+45 28 44 19 07",
      },
      {
        firstName: "Mads",
        lastName: "Kjær",
        email: "mads.kjaer@nordlys-events.test",
        phone: "+45 28 44 19 12",
      },
    ],
    extraAccountManagers: [],
    preferredSkills: ["Stagehand", "Forklift driver", "Light technician", "Bartender"],
    poPrefix: "NLE",
  },
  {
    key: "svea",
    name: "Svea Arena AB",
    country: "SE",
    defaultBranch: "Stockholm",
    taxId: "SE556812300301",
    address: "Arenaslingan 14",
    zip: "121 77",
    city: "Johanneshov",
    phone: "+46 8 600 34 00",
    email: "produktion@svea-arena.test",
    typeOfWork: "Arena conversions (ice to concert floor), fairs and sports events.",
    safetyRequirements:
      "Safety boots and hi-vis on the arena floor during conversions. Forklift drivers show their licence on arrival.",
    waterPolicy: "Free water and coffee in the crew room.",
    foodPolicy: "Meal voucher for the staff canteen on shifts over 6 hours.",
    dressCode: "Hi-vis on conversions, black clothing at events.",
    valueWorkers: "Fast conversions: crew who have done an ice-to-floor changeover before.",
    contacts: [
      {
        firstName: "Erik",
        lastName: "Johansson",
        email: "erik.johansson@svea-arena.test",
        phone: "+46 70 233 41 90",
      },
    ],
    extraAccountManagers: ["pmNordics"],
    preferredSkills: ["Stagehand", "Rigger", "Security"],
    poPrefix: "SVA",
  },
  {
    key: "fjord",
    name: "Fjord Festivals AS",
    country: "NO",
    defaultBranch: "Oslo",
    taxId: "NO912345009MVA",
    address: "Tøyengata 53",
    zip: "0578",
    city: "Oslo",
    phone: "+47 22 19 80 00",
    email: "crew@fjordfestivals.test",
    typeOfWork: "Outdoor festivals and harbour concerts: site build, bars and crowd management.",
    safetyRequirements:
      "Outdoor work in all weathers: bring rain gear. Safety boots on site build.",
    waterPolicy: "Water points on site; refill bottles handed out.",
    foodPolicy: "Crew catering tent open during all shifts.",
    dressCode: "Crew T-shirt (handed out) and dark trousers.",
    valueWorkers: "Good humour in the rain and crew who stay for the whole festival.",
    contacts: [
      {
        firstName: "Ingrid",
        lastName: "Hansen",
        email: "ingrid.hansen@fjordfestivals.test",
        phone: "+47 412 55 081",
      },
    ],
    extraAccountManagers: ["pmNordics"],
    preferredSkills: ["Stagehand", "Steward", "Bartender"],
    poPrefix: "FJF",
  },
  {
    key: "spreewerk",
    name: "Spreewerk Veranstaltungen GmbH",
    country: "DE",
    defaultBranch: "Berlin",
    taxId: "DE298765007",
    address: "Holzmarktstraße 25",
    zip: "10243",
    city: "Berlin",
    phone: "+49 30 2902 4410",
    email: "crew@spreewerk.test",
    typeOfWork: "Club nights, trade fairs and food festivals in Berlin and Hamburg.",
    safetyRequirements:
      "Security staff need a §34a certificate. Kitchen staff need a food hygiene certificate.",
    waterPolicy: "Soft drinks and water free for crew.",
    foodPolicy: "Staff meal before service.",
    dressCode: "Black clothing; chef whites in the kitchen.",
    valueWorkers: "Reliable night crew; German or English on the floor.",
    contacts: [
      {
        firstName: "Lena",
        lastName: "Vogel",
        email: "lena.vogel@spreewerk.test",
        phone: "+49 151 2345 6781",
      },
      {
        firstName: "Tobias",
        lastName: "Krüger",
        email: "tobias.krueger@spreewerk.test",
        phone: "+49 151 2345 6799",
      },
    ],
    extraAccountManagers: ["handlerUk"],
    preferredSkills: ["Security", "Bartender", "Chef"],
    poPrefix: "SPW",
  },
  {
    key: "thames",
    name: "Thames Live Ltd",
    country: "GB",
    defaultBranch: "London",
    taxId: "GB123456041",
    address: "Unit 4, 21 Bankside",
    zip: "SE1 9DG",
    city: "London",
    phone: "+44 20 7946 0321",
    email: "production@thameslive.test",
    typeOfWork: "Riverside concerts, exhibition builds at ExCeL and club nights in Manchester.",
    safetyRequirements: "CSCS card for exhibition builds. SIA licence for security roles.",
    waterPolicy: "Water available at the crew catering point.",
    foodPolicy: "£10 food allowance on shifts over 6 hours.",
    dressCode: "Black clothing; hi-vis on builds.",
    valueWorkers: "Crew who can work nights and keep to the schedule.",
    contacts: [
      {
        firstName: "James",
        lastName: "Whitfield",
        email: "james.whitfield@thameslive.test",
        phone: "+44 7700 900127",
      },
      {
        firstName: "Charlotte",
        lastName: "Davies",
        email: "charlotte.davies@thameslive.test",
        phone: "+44 7700 900384",
      },
    ],
    extraAccountManagers: ["handlerUk"],
    preferredSkills: ["Stagehand", "Security", "Steward"],
    poPrefix: "TML",
  },
];

export interface VenuePlan {
  name: string;
  /** null: a venue the agency created (public for every client). */
  company: CompanyKey | null;
  country: OperationalIso;
  status: "public" | "private" | "declined";
  address: string;
  zip: string;
  city: string;
  province?: string;
  entrance?: string;
  notes?: string;
}

export const VENUES: VenuePlan[] = [
  {
    name: "Royal Arena",
    company: null,
    country: "DK",
    status: "public",
    address: "Hannemanns Allé 18",
    zip: "2300",
    city: "København S",
    province: "Capital Region",
    entrance: "Crew entrance, Gate 4 (Ørestads Boulevard)",
    notes: "Loading dock for two trucks; badge pickup at the security lodge.",
  },
  {
    name: "Musikhuset Aarhus",
    company: null,
    country: "DK",
    status: "public",
    address: "Thomas Jensens Allé 2",
    zip: "8000",
    city: "Aarhus C",
    province: "Central Jutland",
    entrance: "Stage door, Frederiks Allé",
  },
  {
    name: "Refshaleøen Hal 2",
    company: "nordlys",
    country: "DK",
    status: "private",
    address: "Refshalevej 163",
    zip: "1432",
    city: "København K",
    province: "Capital Region",
    entrance: "Gate B, next to the crane",
    notes: "No parking inside the gate; use the public lot.",
  },
  {
    name: "Nordlys Studio Valby",
    company: "nordlys",
    country: "DK",
    status: "private",
    address: "Gammel Køge Landevej 55",
    zip: "2500",
    city: "Valby",
    province: "Capital Region",
    entrance: "Ring at the studio door",
  },
  {
    name: "Svea Arena",
    company: "svea",
    country: "SE",
    status: "public",
    address: "Arenaslingan 14",
    zip: "121 77",
    city: "Johanneshov",
    province: "Stockholm County",
    entrance: "Crew entrance C, loading bay 2",
  },
  {
    name: "Svea Expo Hall Göteborg",
    company: "svea",
    country: "SE",
    status: "private",
    address: "Mässans gata 20",
    zip: "412 51",
    city: "Göteborg",
    province: "Västra Götaland",
  },
  {
    name: "Tøyenparken festival site",
    company: "fjord",
    country: "NO",
    status: "private",
    address: "Tøyengata 53",
    zip: "0578",
    city: "Oslo",
    entrance: "Crew gate by Munchmuseet bus stop",
  },
  {
    name: "Bergen Harbour Stage",
    company: "fjord",
    country: "NO",
    status: "private",
    address: "Bryggen 1",
    zip: "5003",
    city: "Bergen",
    province: "Vestland",
  },
  {
    name: "Fjord pop-up tent",
    company: "fjord",
    country: "NO",
    status: "declined",
    address: "Aker Brygge",
    zip: "0250",
    city: "Oslo",
    notes: "Declined: no permit for the quay.",
  },
  {
    name: "Tempodrom",
    company: null,
    country: "DE",
    status: "public",
    address: "Möckernstraße 10",
    zip: "10963",
    city: "Berlin",
    province: "Berlin",
    entrance: "Artist and crew entrance, rear car park",
  },
  {
    name: "Spreewerk Halle",
    company: "spreewerk",
    country: "DE",
    status: "private",
    address: "Holzmarktstraße 25",
    zip: "10243",
    city: "Berlin",
    province: "Berlin",
  },
  {
    name: "Messehalle Hamburg B6",
    company: "spreewerk",
    country: "DE",
    status: "private",
    address: "Messeplatz 1",
    zip: "20357",
    city: "Hamburg",
    province: "Hamburg",
    entrance: "Tor B6 Nord",
  },
  {
    name: "ExCeL London",
    company: null,
    country: "GB",
    status: "public",
    address: "1 Western Gateway, Royal Victoria Dock",
    zip: "E16 1XL",
    city: "London",
    entrance: "Service road, Gate 16",
  },
  {
    name: "Thames Live Riverside Stage",
    company: "thames",
    country: "GB",
    status: "private",
    address: "Riverside Walk, Bankside",
    zip: "SE1 9TG",
    city: "London",
  },
  {
    name: "Mayfield Depot",
    company: "thames",
    country: "GB",
    status: "private",
    address: "11 Baring Street",
    zip: "M1 2PY",
    city: "Manchester",
    province: "Greater Manchester",
  },
];

export interface ClientRatePlan {
  skill: SkillName;
  standard: number;
  weekend: number;
  night: number;
}

/** Client rates of Nordlys Events at the Copenhagen branch, per hour in øre (DKK minor units). */
export const NORDLYS_CLIENT_RATES: ClientRatePlan[] = [
  { skill: "Stagehand", standard: 32500, weekend: 38500, night: 42500 },
  { skill: "Rigger", standard: 45000, weekend: 52500, night: 57500 },
  { skill: "Forklift driver", standard: 39500, weekend: 46000, night: 51000 },
  { skill: "Truck loader", standard: 33500, weekend: 39500, night: 43500 },
  { skill: "Light technician", standard: 52000, weekend: 60000, night: 66000 },
  { skill: "Sound technician", standard: 52000, weekend: 60000, night: 66000 },
  { skill: "Bartender", standard: 34500, weekend: 40500, night: 44500 },
];

/** Client rates of Svea Arena AB at the Stockholm branch, per hour in öre. */
export const SVEA_CLIENT_RATES: ClientRatePlan[] = [
  { skill: "Stagehand", standard: 42000, weekend: 50000, night: 55000 },
  { skill: "Rigger", standard: 58000, weekend: 68000, night: 74000 },
  { skill: "Security", standard: 46000, weekend: 54000, night: 59000 },
];

/** Client rates of Fjord Live AS at the Oslo branch, per hour in øre (NOK minor units). */
export const FJORD_CLIENT_RATES: ClientRatePlan[] = [
  { skill: "Stagehand", standard: 49500, weekend: 59000, night: 64500 },
  { skill: "Rigger", standard: 68000, weekend: 79500, night: 86000 },
  { skill: "Sound technician", standard: 76000, weekend: 88000, night: 95000 },
  { skill: "Driver", standard: 52000, weekend: 61000, night: 66000 },
];

/**
 * Client rates of Spreewerk at the Berlin branch, per hour in cents (EUR). Spreewerk pays no
 * night premium: the card has no night price and no night window.
 */
export const SPREEWERK_CLIENT_RATES: ClientRatePlan[] = [
  { skill: "Stagehand", standard: 3450, weekend: 4100, night: 0 },
  { skill: "Forklift driver", standard: 3990, weekend: 4650, night: 0 },
  { skill: "Security", standard: 3700, weekend: 4350, night: 0 },
];

/** Client rates of Thames Exhibitions at the London branch, per hour in pence (GBP). */
export const THAMES_CLIENT_RATES: ClientRatePlan[] = [
  { skill: "Stagehand", standard: 2850, weekend: 3400, night: 0 },
  { skill: "Rigger", standard: 3900, weekend: 4600, night: 0 },
  { skill: "Light technician", standard: 4250, weekend: 4950, night: 0 },
];
