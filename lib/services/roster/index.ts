export {
  crewRoster,
  type Roster,
  type RosterSheet,
  type RosterShift,
  type RosterWorker,
} from "./roster";
export { rosterInput, type RosterInput } from "./schemas";
