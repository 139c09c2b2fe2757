import { Badge, type BadgeTone } from "@/components/ui/badge";
import { expiryText, type DocumentBadge as BadgeKind } from "@/lib/domain/document-badge";

const TONE: Record<BadgeKind, BadgeTone> = {
  pending: "neutral",
  approved: "success",
  declined: "danger",
  expired: "danger",
  expiring: "warning",
};

/** One badge per document state, used on the tab and anywhere a document is listed. */
export function DocumentStatusBadge({
  badge,
  daysLeft,
}: {
  badge: BadgeKind;
  daysLeft: number | null;
}) {
  const text =
    badge === "pending"
      ? "Pending review"
      : badge === "approved"
        ? "Approved"
        : badge === "declined"
          ? "Declined"
          : badge === "expired"
            ? "Expired"
            : expiryText(daysLeft ?? 0);
  return <Badge tone={TONE[badge]}>{text}</Badge>;
}
