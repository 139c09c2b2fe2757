import { can, type Ctx } from "../context";
import { CREW_READERS } from "../crew/access";

/**
 * Whether the screens offer "Download roster": the same rule GET roster applies (job_view and
 * booking, requesting or approving). What the roster then holds is the verb's scope.
 */
export const mayDownloadRoster = (ctx: Ctx): boolean =>
  can(ctx, "job_view") && CREW_READERS.some((p) => can(ctx, p));
