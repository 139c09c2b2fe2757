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
