import type { Endpoint } from "../endpoint";

export const templatesEndpoints: Endpoint[] = [];
