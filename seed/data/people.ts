import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import type { CompanyKey } from "./clients";
import type { OperationalIso } from "./master";

/** The password of every demo account. */
export const DEMO_PASSWORD = "Crewdeck!2026";

export interface StaffPlan {
  key: "admin" | "pm" | "handler" | "col" | "worker" | "pmNordics" | "handlerUk";
  email: string;
  firstName: string;
  lastName: string;
  role: RoleTitle;
  country: OperationalIso;
  branches: string[];
  phone: string;
  /** Client contacts: the company they act for (by company key). */
  company?: CompanyKey;
}

/** The demo accounts of the README, plus a second project manager and crew handler. */
export const STAFF: StaffPlan[] = [
  {
    key: "admin",
    email: "admin@crewdeck.test",
    firstName: "Astrid",
    lastName: "Admin",
    role: ROLE.admin,
    country: "DK",
    branches: ["Copenhagen"],
    phone: "+45 31 12 40 01",
  },
  {
    key: "pm",
    email: "pm@crewdeck.test",
    firstName: "Peter",
    lastName: "Mikkelsen",
    role: ROLE.projectManager,
    country: "DK",
    branches: ["Copenhagen", "Aarhus"],
    phone: "+45 31 12 40 02",
  },
  {
    key: "handler",
    email: "handler@crewdeck.test",
    firstName: "Hanna",
    lastName: "Lund",
    role: ROLE.crewHandler,
    country: "DK",
    branches: ["Copenhagen", "Aarhus"],
    phone: "+45 31 12 40 03",
  },
  {
    key: "col",
    email: "col@crewdeck.test",
    firstName: "Camilla",
    lastName: "Olsen",
    role: ROLE.client,
    country: "DK",
    branches: [],
    phone: "+45 28 44 19 07",
    company: "nordlys",
  },
  {
    key: "worker",
    email: "worker@crewdeck.test",
    firstName: "William",
    lastName: "Berg",
    role: ROLE.worker,
    country: "DK",
    branches: ["Copenhagen"],
    phone: "+45 22 71 58 36",
  },
  {
    key: "pmNordics",
    email: "sofia.lindqvist@crewdeck.test",
    firstName: "Sofia",
    lastName: "Lindqvist",
    role: ROLE.projectManager,
    country: "SE",
    branches: ["Stockholm", "Gothenburg", "Oslo", "Bergen"],
    phone: "+46 70 412 88 21",
  },
  {
    key: "handlerUk",
    email: "oliver.grant@crewdeck.test",
    firstName: "Oliver",
    lastName: "Grant",
    role: ROLE.crewHandler,
    country: "GB",
    branches: ["London", "Manchester", "Berlin", "Hamburg"],
    phone: "+44 7700 900412",
  },
];

/** Freelancers per country: [first name, last name, extra languages beyond native + English]. */
export const WORKER_NAMES: Record<OperationalIso, [string, string, string[]?][]> = {
  DK: [
    ["Mads", "Nielsen"],
    ["Sofie", "Jensen"],
    ["Frederik", "Holm"],
    ["Ida", "Pedersen"],
    ["Rasmus", "Andersen"],
    ["Emma", "Christensen", ["German"]],
    ["Mikkel", "Larsen"],
    ["Freja", "Sørensen", ["Swedish"]],
    ["Jonas", "Rasmussen"],
    ["Laura", "Jørgensen"],
    ["Emil", "Madsen"],
    ["Clara", "Kristensen"],
    ["Magnus", "Østergaard"],
    ["Nanna", "Dahl"],
    ["Kasper", "Bruun"],
    ["Piotr", "Nowak", ["Polish"]],
    ["Lucía", "Fernández", ["Spanish"]],
    ["Anders", "Friis"],
    ["Sara", "Lauridsen"],
  ],
  SE: [
    ["Elin", "Andersson"],
    ["Oscar", "Johansson"],
    ["Maja", "Karlsson"],
    ["Hugo", "Nilsson"],
    ["Alva", "Eriksson", ["Finnish"]],
    ["Axel", "Larsson"],
    ["Ebba", "Persson"],
    ["Viktor", "Gustafsson"],
    ["Saga", "Lindberg", ["Norwegian"]],
    ["Filip", "Bergström"],
  ],
  NO: [
    ["Nora", "Hansen"],
    ["Jakob", "Johansen"],
    ["Ingrid", "Haugen"],
    ["Henrik", "Bakken"],
    ["Thea", "Solberg"],
    ["Sander", "Lie"],
    ["Sigrid", "Moen", ["Swedish"]],
    ["Eirik", "Strand"],
    ["Marta", "Kowalczyk", ["Polish"]],
    ["Ola", "Vik"],
  ],
  DE: [
    ["Lukas", "Müller"],
    ["Hannah", "Schmidt"],
    ["Felix", "Schneider"],
    ["Lea", "Fischer"],
    ["Jonas", "Weber"],
    ["Marie", "Becker"],
    ["Leon", "Hoffmann"],
    ["Sophie", "Schäfer", ["Spanish"]],
    ["Tomasz", "Zieliński", ["Polish"]],
    ["Niklas", "Koch"],
  ],
  GB: [
    ["Harry", "Smith"],
    ["Amelia", "Jones"],
    ["George", "Taylor"],
    ["Isla", "Brown"],
    ["Jack", "Williams"],
    ["Grace", "Wilson"],
    ["Charlie", "Evans"],
    ["Freya", "Roberts"],
    ["Agnieszka", "Wójcik", ["Polish"]],
    ["Thomas", "Walker"],
  ],
};

/** Index (per country) of the freelancers who registered but await approval. */
export const APPLICANT_INDEX: Record<OperationalIso, number> = {
  DK: 18,
  SE: 9,
  NO: 9,
  DE: 9,
  GB: 9,
};
/** Deactivated freelancers (they keep their history). */
export const DEACTIVATED: [OperationalIso, number][] = [
  ["DK", 17],
  ["GB", 8],
];
/** The friend William invited who signed up (DK index); the other invitation is pending. */
export const REFERRED_DK_INDEX = 2;
export const PENDING_INVITE_EMAIL = "julie.kjaergaard@example.test";

const FOLD: Record<string, string> = {
  æ: "ae",
  ø: "oe",
  å: "aa",
  ä: "ae",
  ö: "oe",
  ü: "ue",
  ß: "ss",
  ł: "l",
};

/** "Freja Sørensen" → "freja.soerensen@example.test". */
export function workerEmail(first: string, last: string): string {
  const slug = (s: string) =>
    s
      .toLowerCase()
      .replace(/[æøåäöüßł]/g, (c) => FOLD[c])
      .normalize("NFD")
      .replace(/[^a-z]/g, "");
  return `${slug(first)}.${slug(last)}@example.test`;
}

/** Streets per branch, for worker home addresses: [street, zip, city]. */
export const HOME_STREETS: Record<string, [string, string, string][]> = {
  Copenhagen: [
    ["Istedgade", "1650", "København V"],
    ["Nørrebrogade", "2200", "København N"],
    ["Amagerbrogade", "2300", "København S"],
    ["Jagtvej", "2200", "København N"],
    ["Valby Langgade", "2500", "Valby"],
  ],
  Aarhus: [
    ["Jægergårdsgade", "8000", "Aarhus C"],
    ["Trøjborgvej", "8200", "Aarhus N"],
  ],
  Stockholm: [
    ["Götgatan", "118 62", "Stockholm"],
    ["Odengatan", "113 22", "Stockholm"],
  ],
  Gothenburg: [["Linnégatan", "413 04", "Göteborg"]],
  Oslo: [
    ["Thorvald Meyers gate", "0555", "Oslo"],
    ["Grønlandsleiret", "0190", "Oslo"],
  ],
  Bergen: [["Nygårdsgaten", "5015", "Bergen"]],
  Berlin: [
    ["Sonnenallee", "12045", "Berlin"],
    ["Kastanienallee", "10435", "Berlin"],
  ],
  Hamburg: [["Schanzenstraße", "20357", "Hamburg"]],
  London: [
    ["Walworth Road", "SE17 1JL", "London"],
    ["Mare Street", "E8 3RH", "London"],
  ],
  Manchester: [["Oldham Street", "M1 1JN", "Manchester"]],
};
