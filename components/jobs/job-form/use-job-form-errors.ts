"use client";

import { useEffect, useRef, useState } from "react";
import type { JobFormErrors } from "@/lib/domain/job-form-check";
import type { ShiftId } from "@/lib/domain/shift-editing";
import type { FieldErrorMap } from "./types";

const without = <T extends object>(map: T, keys: string[]): T => {
  const hit = keys.filter((k) => k in map);
  if (!hit.length) return map;
  const rest = { ...map } as Record<string, unknown>;
  for (const k of hit) delete rest[k];
  return rest as T;
};

/**
 * The job form's errors, shown in place: on its fields and on each shift. Showing them
 * moves the focus to the first field in error (scrolled into the middle of the screen);
 * changing a field or a shift drops the errors shown on it.
 */
export function useJobFormErrors() {
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [shiftErrors, setShiftErrors] = useState<JobFormErrors["shifts"]>({});
  // Bumped when errors are shown: the first one then takes the focus.
  const [focusTick, setFocusTick] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!focusTick) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    first.scrollIntoView({ block: "center", behavior: "smooth" });
    first.focus({ preventScroll: true });
  }, [focusTick]);

  return {
    formRef,
    errors,
    shiftErrors,
    show(found: JobFormErrors) {
      setErrors(found.fields);
      setShiftErrors(found.shifts);
      setFocusTick((n) => n + 1);
    },
    clear() {
      setErrors({});
      setShiftErrors({});
    },
    dropFields: (keys: string[]) => setErrors((e) => without(e, keys)),
    dropShift: (id: ShiftId) => setShiftErrors((e) => without(e, [String(id)])),
  };
}
