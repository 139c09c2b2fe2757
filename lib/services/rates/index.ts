/** Rate cards and the rate lookups (see each module). */
export * from "./shared";
export * from "./client-schemas";
export * from "./client-rates";
export * from "./presets";
export * from "./skills";
export * from "./worker-rates";
export * from "./lookup";
export * from "./screens";
export * from "./estimate";
export * from "./job-rates";
export { copyCardsToJob } from "./job-copy";
