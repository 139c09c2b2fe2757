export * from "./org";
export * from "./users";
export * from "./clients";
export * from "./work";
export * from "./finance";
export * from "./chat";
export * from "./activity";
