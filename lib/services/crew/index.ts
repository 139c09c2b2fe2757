export { CREW_READERS, BOOKERS } from "./access";
export {
  jobCrewStatus,
  shiftCrewStatus,
  updateAfterBook,
  type AfterBook,
  type CrewMember,
  type JobCrewStatus,
  type ShiftCrewStatus,
} from "./status";
export type { ShiftFigures, SlotFigures, StatusCounts, Totals } from "./figures";
export { crewListInput, crewListModel, crewListPdf } from "./crew-list";
export {
  buildCrewListModel,
  CREW_LIST_FIELD_LABELS,
  CREW_LIST_FIELDS,
  CREW_LIST_GROUPS,
  DEFAULT_CREW_LIST_FIELDS,
  type CrewListField,
  type CrewListGroup,
  type CrewListModel,
  type CrewListSource,
} from "./crew-list-model";
