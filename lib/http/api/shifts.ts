import type { Endpoint } from "../endpoint";

export const shiftsEndpoints: Endpoint[] = [];
