import type { Endpoint } from "../endpoint";

export const venuesEndpoints: Endpoint[] = [];
