import type { Metadata } from "next";
import { routeTitle } from "./routes";

/** Page metadata whose title comes from the route map (spec §2: "page title from the route"). */
export const routeMetadata = (path: string): Metadata => ({ title: routeTitle(path) });
