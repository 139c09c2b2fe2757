/** Password strength of spec §5: at least 8 characters with upper, lower, digit and special. */
export const PASSWORD_RULES = [
  { key: "length", label: "At least 8 characters", test: (p: string) => [...p].length >= 8 },
  { key: "upper", label: "An upper-case letter", test: (p: string) => /\p{Lu}/u.test(p) },
  { key: "lower", label: "A lower-case letter", test: (p: string) => /\p{Ll}/u.test(p) },
  { key: "digit", label: "A digit", test: (p: string) => /\d/.test(p) },
  { key: "special", label: "A special character", test: (p: string) => /[^\p{L}\p{N}\s]/u.test(p) },
] as const;

export type PasswordRuleKey = (typeof PASSWORD_RULES)[number]["key"];

export function passwordProblems(password: string): PasswordRuleKey[] {
  return PASSWORD_RULES.filter((r) => !r.test(password)).map((r) => r.key);
}

export const isStrongPassword = (password: string): boolean =>
  passwordProblems(password).length === 0;

export const PASSWORD_STRENGTH_MESSAGE =
  "The password must be at least 8 characters and contain an upper-case letter, a lower-case letter, a digit and a special character.";

export const PASSWORD_REQUIRED = "The password field is required.";

/** The one message for a new password, or null: "required" when blank, else the strength rule. */
export function newPasswordProblem(password: string): string | null {
  if (password === "") return PASSWORD_REQUIRED;
  return isStrongPassword(password) ? null : PASSWORD_STRENGTH_MESSAGE;
}
