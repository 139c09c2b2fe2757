import { NavLink } from "@/components/ui/nav-link";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime } from "@/lib/domain/format";
import type { PageMeta } from "@/lib/services/pagination";
import type { SentMessage } from "@/lib/services/notifications/messages";

const STATUS_TONE = { sent: "success", queued: "neutral", failed: "danger" } as const;
const STATUS_LABEL = { sent: "Sent", queued: "Waiting to send", failed: "Not delivered" } as const;

/**
 * "Messages" on a profile's Activity tab: the e-mails sent to the user (time, subject,
 * category, status), never their content. Pages by `messages_page`; a row stacks on a phone.
 */
export function SentMessages({
  items,
  meta,
  timeZone,
  name,
  pageHref,
}: {
  items: SentMessage[];
  meta: PageMeta;
  timeZone: string;
  name: string;
  pageHref: (page: number) => string;
}) {
  return (
    <section aria-labelledby="sent-messages" className="flex flex-col gap-3">
      <h2 id="sent-messages" className="text-base font-semibold text-gray-900">
        Messages
      </h2>
      {items.length === 0 ? (
        <EmptyState
          title="No e-mails yet"
          hint={`The e-mails Crewdeck sends ${name} (bookings, reminders, hours) appear here.`}
        />
      ) : (
        <>
          <ol
            aria-label={`E-mails sent to ${name}`}
            className="divide-y divide-gray-200 rounded-card border border-gray-200 bg-white shadow-sm"
          >
            {items.map((m) => (
              <li
                key={m.id}
                className="grid gap-x-4 gap-y-1 px-4 py-3 text-sm sm:grid-cols-[10rem_minmax(0,1fr)_auto]"
              >
                <time dateTime={m.created_at} className="text-gray-700 tabular-nums">
                  {formatDateTime(new Date(m.created_at), timeZone)}
                </time>
                <div className="min-w-0">
                  <p className="break-words text-gray-900">{m.subject}</p>
                  {m.category_label && m.category_label !== m.subject && (
                    <p className="text-gray-600">{m.category_label}</p>
                  )}
                </div>
                <div>
                  <Badge tone={STATUS_TONE[m.status]}>{STATUS_LABEL[m.status]}</Badge>
                </div>
              </li>
            ))}
          </ol>
          {meta.last_page > 1 && (
            <nav aria-label="Messages pages" className="flex items-center gap-4 text-sm">
              {meta.current_page > 1 && (
                <NavLink
                  href={pageHref(meta.current_page - 1)}
                  className="text-accent-700 underline"
                >
                  Newer
                </NavLink>
              )}
              <span className="text-gray-600">
                Page {Math.min(meta.current_page, meta.last_page)} of {meta.last_page}
              </span>
              {meta.current_page < meta.last_page && (
                <NavLink
                  href={pageHref(meta.current_page + 1)}
                  className="text-accent-700 underline"
                >
                  Older
                </NavLink>
              )}
            </nav>
          )}
        </>
      )}
    </section>
  );
}
