/** Who acts in a verb: a signed-in user with its rules and scope, or the system. */
export interface UserActor {
  kind: "user";
  userId: number;
  name: string;
  email: string;
  roles: { id: number; title: string }[];
  permissions: ReadonlySet<string>;
  /** The company a client contact acts for; scopes what it may see. */
  companyId: number | null;
  branchIds: number[];
  isAdmin: boolean;
  /** A client contact (COL): sees only its own company's jobs, users and rates. */
  isClient: boolean;
  totpEnabled: boolean;
}

export interface SystemActor {
  kind: "system";
  name: string;
}

export type Actor = UserActor | SystemActor;
