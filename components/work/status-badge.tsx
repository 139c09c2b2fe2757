import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { ApplicationStatus, JobStatus } from "@/lib/domain/statuses";

/** One colour per status, everywhere (DESIGN.md §11). */
const TONES: Record<JobStatus | ApplicationStatus, BadgeTone> = {
  Draft: "neutral",
  Published: "accent",
  Cancelled: "danger",
  "Report!": "warning",
  Reported: "accent",
  Approved: "success",
  Invoiced: "success",
  Paid: "success",
  Applied: "neutral",
  Reserve: "neutral",
  Requested: "warning",
  Denied: "danger",
  "Request accepted": "success",
  "Request denied": "danger",
  Booked: "success",
};

export function StatusBadge({ status }: { status: JobStatus | ApplicationStatus }) {
  return <Badge tone={TONES[status] ?? "neutral"}>{status}</Badge>;
}
