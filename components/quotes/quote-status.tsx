import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { QuoteStatus } from "@/lib/domain/quotes";
import { isoToDisplay } from "@/lib/domain/time-entry";

/** A quote's state as a badge: the word says it, the colour only helps. */
const STATUS: Record<QuoteStatus, { label: string; tone: BadgeTone }> = {
  Draft: { label: "Draft", tone: "neutral" },
  Sent: { label: "Sent", tone: "accent" },
  Accepted: { label: "Accepted", tone: "success" },
  Declined: { label: "Declined", tone: "danger" },
  Expired: { label: "Expired", tone: "warning" },
};

export function QuoteStatusBadge({
  status,
  archived,
}: {
  status: QuoteStatus;
  archived?: boolean;
}) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>
      {archived && <Badge tone="neutral">Archived</Badge>}
    </span>
  );
}

/** "15/03/2027" or "15/03/2027 – 16/03/2027" from YYYY-MM-DD dates; "—" without any. */
export function workDates(first: string | null, last: string | null): string {
  if (!first) return "—";
  if (!last || last === first) return isoToDisplay(first);
  return `${isoToDisplay(first)} – ${isoToDisplay(last)}`;
}

/** The quote's PDF (GET job-quotes/generate/{id}); the browser's session signs the request. */
export const quotePdfHref = (id: number) => `/api/v2/job-quotes/generate/${id}`;
