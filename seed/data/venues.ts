import type { CompanyKey } from "./clients";
import type { OperationalIso } from "./master";

/** The demo venues: the agency's own (public) and the clients' (private, public or declined). */
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
