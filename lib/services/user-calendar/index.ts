export * from "./feed";
export * from "./filter";
export * from "./month";
export * from "./unavailable";
