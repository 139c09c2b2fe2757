import type { Endpoint } from "../endpoint";

export const dresscodesEndpoints: Endpoint[] = [];
