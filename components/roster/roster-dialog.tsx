"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { DateInput } from "@/components/ui/date-input";
import { FormField } from "@/components/ui/form-field";
import { rosterRangeProblem } from "@/lib/domain/roster";
import { useRosterDownload, type RosterRequest } from "./use-roster-download";

/**
 * "Download roster" with a date range: the jobs or client are fixed by the opener; the dates
 * start at `initial` and are checked here (both given, end not before start, at most a year)
 * before the call, whose failures are the spec's toasts.
 */
export function RosterDialog({
  open,
  onOpenChange,
  target,
  initial,
  description,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: Omit<RosterRequest, "start" | "end">;
  initial: { start: string; end: string };
  description: string;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [start, setStart] = useState(initial.start);
  const [end, setEnd] = useState(initial.end);
  const [error, setError] = useState<{ start?: string; end?: string }>({});
  const { download, busy } = useRosterDownload();

  // Each opening starts again from the opener's range (adjusting state while rendering).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setStart(initial.start);
      setEnd(initial.end);
      setError({});
    }
  }

  const submit = async () => {
    if (!start || !end) {
      setError({
        start: start ? undefined : "Choose the first day.",
        end: end ? undefined : "Choose the last day.",
      });
      return;
    }
    const problem = rosterRangeProblem(start, end);
    if (problem) return setError({ end: problem });
    setError({});
    if (await download({ ...target, start, end })) onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={onCloseAutoFocus}
        title="Download roster"
        description={description}
      >
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <FormField label="From" errors={error.start ? [error.start] : undefined} required>
              <DateInput value={start} onValueChange={setStart} />
            </FormField>
            <FormField label="To" errors={error.end ? [error.end] : undefined} required>
              <DateInput value={end} onValueChange={setEnd} />
            </FormField>
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" loading={busy}>
              Download
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
