import { NavLink } from "@/components/ui/nav-link";
import { ArrowRight } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { Pagination, type PaginationMeta } from "@/components/ui/pagination";
import { activityTypeLabel, sentenceLinksSubject } from "@/lib/domain/activity-words";
import { formatDateTime } from "@/lib/domain/format";
import type { ActivityRow } from "@/lib/services/activity-log";

/**
 * The rows of the activity log and of a profile's Activity tab: who, what, when (in the
 * viewer's zone), on which record (a link), and what changed. One list for both screens; it
 * reads the same on a desk and on a phone (each row stacks below 640 px).
 */
export function ActivityList({
  items,
  meta,
  timeZone,
  label,
  emptyTitle,
  emptyHint,
}: {
  items: ActivityRow[];
  meta: PaginationMeta;
  timeZone: string;
  /** The list's accessible name, e.g. "Activity log". */
  label: string;
  emptyTitle: string;
  emptyHint: string;
}) {
  if (items.length === 0) return <EmptyState title={emptyTitle} hint={emptyHint} />;
  return (
    <div className="flex flex-col gap-4">
      <ol
        aria-label={label}
        className="divide-y divide-gray-200 rounded-card border border-gray-200 bg-white shadow-sm"
      >
        {items.map((row) => {
          // No causer, and the sentence starts with the person: "Nora Lind signed up".
          const bySubject = !row.causer && typeof row.sentence[0] !== "string";
          // The sentence names its subject, or it is the causer's own account ("Astrid Admin
          // signed in"); a separate "on which record" link only otherwise.
          const named =
            sentenceLinksSubject(row.sentence) ||
            (row.subject_type === "users" && row.subject_id === row.causer?.id);
          return (
            <li
              key={row.id}
              className="grid gap-x-4 gap-y-1 px-4 py-3 text-sm sm:grid-cols-[10rem_minmax(0,1fr)_minmax(0,14rem)]"
            >
              <div className="flex flex-wrap items-center gap-2 sm:flex-col sm:items-start">
                <time dateTime={row.created_at} className="text-gray-700 tabular-nums">
                  {formatDateTime(new Date(row.created_at), timeZone)}
                </time>
                <Badge tone="neutral">{row.log_label}</Badge>
              </div>
              <div className="min-w-0">
                <p className="break-words text-gray-900">
                  {row.causer ? (
                    <NavLink
                      href={`/users/${row.causer.id}/personal`}
                      className="font-medium text-accent-700 hover:underline"
                    >
                      {row.causer.name}
                    </NavLink>
                  ) : bySubject ? null : (
                    <span className="font-medium text-gray-700">System</span>
                  )}
                  {/* "Hanna Lund deactivated Petra Planner"; the system's rows are notes. */}
                  {row.causer ? " " : bySubject ? null : <span className="text-gray-500"> · </span>}
                  {row.sentence.map((part, i) =>
                    typeof part === "string" ? (
                      <span key={i}>{part}</span>
                    ) : (
                      <NavLink
                        key={i}
                        href={part.link.href}
                        className="font-medium text-accent-700 hover:underline"
                      >
                        {part.link.label}
                      </NavLink>
                    ),
                  )}
                </p>
                {row.changes.length > 0 && (
                  <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-gray-700">
                    {row.changes.map((c, i) => (
                      <div key={i} className="contents">
                        <dt className="text-gray-600">{c.label}</dt>
                        <dd className="break-words">
                          {c.value !== undefined ? (
                            c.value
                          ) : (
                            <>
                              <span className="line-through decoration-gray-400">{c.from}</span>
                              <ArrowRight
                                className="mx-1 inline size-3.5 text-gray-500"
                                aria-hidden
                              />
                              <span className="sr-only"> changed to </span>
                              <span className="font-medium text-gray-900">{c.to}</span>
                            </>
                          )}
                        </dd>
                      </div>
                    ))}
                  </dl>
                )}
              </div>
              <div className="min-w-0 sm:text-right">
                {named ? null : row.subject ? (
                  <NavLink
                    href={row.subject.href}
                    className="break-words text-accent-700 hover:underline"
                  >
                    {row.subject.label}
                  </NavLink>
                ) : row.subject_type ? (
                  <span className="text-gray-600">{activityTypeLabel(row.subject_type)}</span>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
      <Pagination meta={meta} label={`${label} pages`} />
    </div>
  );
}
