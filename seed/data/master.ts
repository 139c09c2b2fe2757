/** Master data of the demo agency: where it operates, what its crew can do, its help pages. */

export const CURRENCIES = [
  { code: "DKK", name: "Danish krone", symbol: "kr.", minorUnits: 2 },
  { code: "SEK", name: "Swedish krona", symbol: "kr", minorUnits: 2 },
  { code: "NOK", name: "Norwegian krone", symbol: "kr", minorUnits: 2 },
  { code: "EUR", name: "Euro", symbol: "€", minorUnits: 2 },
  { code: "GBP", name: "Pound sterling", symbol: "£", minorUnits: 2 },
  { code: "USD", name: "US dollar", symbol: "$", minorUnits: 2 },
] as const;

export type CountryIso = "DK" | "SE" | "NO" | "DE" | "GB" | "FI";
/** The countries the agency books crew in (FI is listed but not operational yet). */
export type OperationalIso = Exclude<CountryIso, "FI">;

export const COUNTRIES: {
  isoCode: CountryIso;
  name: string;
  currencyCode: string;
  timeZone: string;
  operational: boolean;
  phonePrefix: string;
  restHours: number;
  /** VAT on the country's clients' quotes, in basis points; absent: none. */
  vatBasisPoints?: number;
  nationality: string;
  language: string;
}[] = [
  {
    isoCode: "DK",
    name: "Denmark",
    currencyCode: "DKK",
    timeZone: "Europe/Copenhagen",
    operational: true,
    phonePrefix: "+45",
    restHours: 11,
    vatBasisPoints: 2500,
    nationality: "Danish",
    language: "Danish",
  },
  {
    isoCode: "SE",
    name: "Sweden",
    currencyCode: "SEK",
    timeZone: "Europe/Stockholm",
    operational: true,
    phonePrefix: "+46",
    restHours: 11,
    vatBasisPoints: 2500,
    nationality: "Swedish",
    language: "Swedish",
  },
  {
    isoCode: "NO",
    name: "Norway",
    currencyCode: "NOK",
    timeZone: "Europe/Oslo",
    operational: true,
    phonePrefix: "+47",
    restHours: 11,
    vatBasisPoints: 2500,
    nationality: "Norwegian",
    language: "Norwegian",
  },
  {
    isoCode: "DE",
    name: "Germany",
    currencyCode: "EUR",
    timeZone: "Europe/Berlin",
    operational: true,
    phonePrefix: "+49",
    restHours: 11,
    vatBasisPoints: 1900,
    nationality: "German",
    language: "German",
  },
  {
    isoCode: "GB",
    name: "United Kingdom",
    currencyCode: "GBP",
    timeZone: "Europe/London",
    operational: true,
    phonePrefix: "+44",
    restHours: 11,
    vatBasisPoints: 2000,
    nationality: "British",
    language: "English",
  },
  {
    isoCode: "FI",
    name: "Finland",
    currencyCode: "EUR",
    timeZone: "Europe/Helsinki",
    operational: false,
    phonePrefix: "+358",
    restHours: 11,
    nationality: "Finnish",
    language: "Finnish",
  },
];

export const BRANCHES: {
  name: string;
  country: OperationalIso;
  city: string;
  address: string;
  main: boolean;
  /** The region whose public holidays price its work (date-holidays' state code). */
  holidayRegion?: string;
}[] = [
  {
    name: "Copenhagen",
    country: "DK",
    city: "København V",
    address: "Vesterbrogade 149, 1620 København V",
    main: true,
  },
  {
    name: "Aarhus",
    country: "DK",
    city: "Viby J",
    address: "Sønderhøj 4, 8260 Viby J",
    main: false,
  },
  {
    name: "Stockholm",
    country: "SE",
    city: "Stockholm",
    address: "Sveavägen 44, 111 34 Stockholm",
    main: true,
  },
  {
    name: "Gothenburg",
    country: "SE",
    city: "Göteborg",
    address: "Första Långgatan 28, 413 27 Göteborg",
    main: false,
  },
  { name: "Oslo", country: "NO", city: "Oslo", address: "Storgata 33, 0184 Oslo", main: true },
  {
    name: "Bergen",
    country: "NO",
    city: "Bergen",
    address: "Strandkaien 2, 5013 Bergen",
    main: false,
  },
  {
    name: "Berlin",
    country: "DE",
    city: "Berlin",
    address: "Oranienstraße 185, 10999 Berlin",
    main: true,
    holidayRegion: "DE-BE",
  },
  {
    name: "Hamburg",
    country: "DE",
    city: "Hamburg",
    address: "Stresemannstraße 29, 22769 Hamburg",
    main: false,
    holidayRegion: "DE-HH",
  },
  {
    name: "London",
    country: "GB",
    city: "London",
    address: "12 Great Suffolk Street, London SE1 0NS",
    main: true,
    holidayRegion: "GB-ENG",
  },
  {
    name: "Manchester",
    country: "GB",
    city: "Manchester",
    address: "1 George Leigh Street, Manchester M4 5DL",
    main: false,
    holidayRegion: "GB-ENG",
  },
];

/**
 * Days the demo agency's agreements price as holidays though date-holidays does not count them
 * as public holidays (issue 21): the agency's extra days on /settings.
 */
export const AGENCY_HOLIDAYS: { country: OperationalIso; rule: string; name: string }[] = [
  { country: "DK", rule: "06-05", name: "Grundlovsdag" },
  { country: "SE", rule: "friday after 06-19", name: "Midsommarafton" },
];

export const LANGUAGES = [
  { name: "Danish", code: "da" },
  { name: "Swedish", code: "sv" },
  { name: "Norwegian", code: "no" },
  { name: "German", code: "de" },
  { name: "English", code: "en" },
  { name: "Polish", code: "pl" },
  { name: "Spanish", code: "es" },
  { name: "Finnish", code: "fi" },
] as const;

export const LEVELS = [
  { name: "Junior", weight: 10, description: "Less than two years on site; works under a senior." },
  { name: "Experienced", weight: 20, description: "Two or more years; works independently." },
  { name: "Senior", weight: 30, description: "Five or more years; can instruct others." },
  { name: "Lead", weight: 40, description: "Runs a team on site; can act as crew boss." },
] as const;
export type LevelName = (typeof LEVELS)[number]["name"];

export const DRESS_CODES = [
  {
    name: "Black clothing",
    description: "All black: long trousers, T-shirt or shirt without prints, black closed shoes.",
  },
  {
    name: "Crew T-shirt and black trousers",
    description:
      "The Crewdeck crew T-shirt (handed out on site) with black trousers and closed shoes.",
  },
  {
    name: "Smart casual",
    description: "Dark chinos or trousers, plain shirt or blouse, clean shoes. No logos.",
  },
  {
    name: "Hi-vis and safety boots",
    description: "Hi-vis vest and S3 safety boots are mandatory; helmet and gloves when rigging.",
  },
  {
    name: "Chef whites",
    description: "Chef jacket, checked trousers, non-slip shoes; hair covered.",
  },
] as const;
export type DressCodeName = (typeof DRESS_CODES)[number]["name"];

export const DOCUMENT_TYPES = [
  { name: "ID card/passport", description: "A valid photo ID.", isRequired: true, hasExpiry: true },
  {
    name: "Work permit",
    description: "Required for workers from outside the EU/EEA.",
    isRequired: false,
    hasExpiry: true,
  },
  {
    name: "Forklift licence",
    description: "Truck licence (A/B) for forklift shifts.",
    isRequired: false,
    hasExpiry: false,
  },
  {
    name: "First-aid certificate",
    description: "A first-aid course within the last two years.",
    isRequired: false,
    hasExpiry: true,
  },
  {
    name: "Food hygiene certificate",
    description: "Hygiene certificate for kitchen and bar work.",
    isRequired: false,
    hasExpiry: false,
  },
] as const;

export const EQUIPMENT_CATEGORIES = [
  { name: "Rigging", description: "Motors, truss, shackles, slings." },
  { name: "Audio", description: "PA, monitors, desks, microphones." },
  { name: "Lighting", description: "Fixtures, dimmers, consoles, cabling." },
  { name: "Video", description: "LED walls, projectors, cameras, media servers." },
  { name: "Staging", description: "Stage decks, risers, barriers, ramps." },
  { name: "Catering", description: "Bars, kitchens, cold storage, serving equipment." },
  { name: "Power", description: "Generators, distribution boxes, power cable, cable ramps." },
  { name: "Trucks", description: "Box trucks and trailers with tail lifts, for gear and sets." },
] as const;

/** Parent skills with their sub-skills, in display order. */
export const SKILL_TREE = [
  {
    name: "Stage & Rigging",
    description: "Building and striking stages and sets.",
    children: [
      { name: "Stagehand", description: "Load-in, stage build, changeovers, load-out." },
      { name: "Rigger", description: "Works at height; motors, truss and points." },
      { name: "Forklift driver", description: "Counterbalance and telehandler; licence required." },
      { name: "Truck loader", description: "Packs and unloads trucks efficiently and safely." },
    ],
  },
  {
    name: "Technical",
    description: "Sound, light and video crew.",
    children: [
      { name: "Sound technician", description: "PA and monitor systems, patching, line checks." },
      { name: "Light technician", description: "Fixtures, focusing, DMX, follow spots." },
      { name: "Video technician", description: "LED walls, projection, cameras and playback." },
    ],
  },
  {
    name: "Hospitality",
    description: "Bars, service and kitchens.",
    children: [
      { name: "Bartender", description: "Bar service, stock and cash handling." },
      { name: "Waiter", description: "Table and tray service at seated and standing events." },
      { name: "Chef", description: "Cooks and leads the kitchen line." },
      { name: "Kitchen assistant", description: "Prep, dishwashing and kitchen support." },
    ],
  },
  {
    name: "Security & Crowd",
    description: "Safety of guests and crew.",
    children: [
      { name: "Security", description: "Licensed guard: access control, searches, incidents." },
      { name: "Steward", description: "Guides guests, queues and exits; no licence needed." },
    ],
  },
  {
    name: "Logistics",
    description: "Getting people and things where they need to be.",
    children: [
      { name: "Runner", description: "Errands and support for the production office." },
      { name: "Driver", description: "Vans and minibuses; driving licence B (C1 a plus)." },
    ],
  },
] as const;

export type SkillName = (typeof SKILL_TREE)[number]["children"][number]["name"];
