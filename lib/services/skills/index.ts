export * from "./read";
export * from "./write";
export { skillUses, usageLabel, type SkillUses } from "./usage";
