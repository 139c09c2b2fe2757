export * from "./list";
export * from "./create";
export * from "./status";
export * from "./bookers";
export { createUserBody, createUserSchema, stepSchema, type CreateUserInput } from "./schemas";
export * from "./wizard-options";
export * from "./account-help";
