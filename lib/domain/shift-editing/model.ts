/** The shapes of the shift editor (spec §3 Shift, edit and create payloads). */
export type NewShiftId = `new_${number}`;
export type ShiftId = number | NewShiftId;

export interface SlotEdit {
  skillId: number;
  skillName: string;
  qty: number;
  /** The stored shift slot; null for a slot added in this edit. */
  shiftSlotId: number | null;
  isDeleted: boolean;
}

export interface ShiftEdit {
  id: ShiftId;
  /** DD/MM/YYYY */
  date: string;
  /** HH:mm */
  start: string;
  /** HH:mm, the wall clock at start + duration (may be the next day). */
  end: string;
  /** Real hours worked, in (0, 24]. */
  duration: number;
  projectManagerId: number | null;
  contactOnLocationId: number | null;
  dresscodeId: number | null;
  dresscodeNotes: string;
  notesForWorkers: string;
  description: string;
  /** Keyed by skill id (so listed in skill id order). */
  slots: Record<number, SlotEdit>;
  isDeleted: boolean;
  isEdited: boolean;
}

export interface ShiftEditorState {
  /** Always sorted by date, then start. */
  shifts: ShiftEdit[];
  /** n of the next `new_{n}` id. */
  nextNewId: number;
  /** IANA zone of the job's country; UTC when absent. */
  timeZone?: string;
}

export type ShiftDetails = Pick<
  ShiftEdit,
  | "projectManagerId"
  | "contactOnLocationId"
  | "dresscodeId"
  | "dresscodeNotes"
  | "notesForWorkers"
  | "description"
>;

export interface SlotInput {
  skillId: number;
  skillName: string;
  qty: number;
}

export interface NewShiftInput extends Partial<ShiftDetails> {
  date: string;
  start: string;
  /** Either end or duration; when both are given the duration decides. */
  end?: string;
  duration?: number;
  slots?: readonly SlotInput[];
}

export interface StoredShift extends Partial<
  Record<"projectManagerId" | "contactOnLocationId" | "dresscodeId", number | null>
> {
  id: number;
  start: Date;
  end: Date;
  dresscodeNotes?: string | null;
  notesForWorkers?: string | null;
  description?: string | null;
  slots: readonly { id: number; skillId: number; skillName: string; positions: number }[];
}

export interface ShiftValidationError {
  /** Position in the list given to validateShifts. */
  index: number;
  shiftId: ShiftId;
  /** "date", "start", "end", "duration", "slots" or "slots.{skillId}.qty". */
  field: string;
  message: string;
}

/** Spec §3 edit payload, one shift. */
export interface ShiftEditPayload {
  id: ShiftId;
  /** DD/MM/YYYY HH:mm */
  start: string;
  /** DD/MM/YYYY HH:mm, the next day's date for an overnight shift. */
  end: string;
  isDeleted: boolean;
  isEdited: boolean;
  duration: number;
  project_manager_id: number | null;
  contact_on_location_id: number | null;
  dresscode_id: number | null;
  dresscode_notes: string;
  notes_for_workers: string;
  description: string;
  shift_slots: { id: number | null; skill_id: number; positions: number; isDeleted: boolean }[];
}

/** Spec §3 create payload, one shift. */
export interface CreateShiftPayload {
  startDate: string;
  start: string;
  endHour: string;
  slots: { skill_id: number; qty: number }[];
  pm: number | null;
  col: number | null;
  dresscodeID: number | null;
  dresscodeNotes: string;
  workerNotes: string;
  description: string;
}

export class ShiftEditError extends RangeError {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = "ShiftEditError";
    this.field = field;
  }
}
