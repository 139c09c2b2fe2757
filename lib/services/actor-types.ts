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
  /**
   * False for an applicant (registered, awaiting the agency's approval): its permissions are
   * cut to APPLICANT_PERMISSIONS (lib/services/auth/actor.ts) whatever its role holds.
   */
  approved: boolean;
  /**
   * Maintenance mode is on and this user is no administrator: the API, server actions and the
   * navigation guard shut it out (lib/services/settings/agency.ts assertServiceOpen).
   */
  shutOut?: boolean;
  /** The user_sessions row of a browser request (absent for API tokens and internal calls). */
  sessionId?: number;
}

export interface SystemActor {
  kind: "system";
  name: string;
}

export type Actor = UserActor | SystemActor;
