import { Badge } from "@/components/ui/badge";
import { Card, CardContent } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { lenientList } from "@/lib/http/page";
import { listOutbox } from "@/lib/services/mail";
import { formatDateTime } from "@/lib/domain/format";

export const metadata = routeMetadata("/dev/mail");

export default async function MailOutboxPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const ctx = await requestCtx();
  const { page, to } = await searchParams;
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  // ?to=address shows one recipient's mails (the reminders and digests of the background loop
  // bury a single mail quickly).
  const { data } = await lenientList((input) => listOutbox(ctx, input), {
    page: first(page),
    to: first(to),
  });
  const { items, meta } = data;
  return (
    <>
      <PageHeader
        title="Mail outbox"
        description="Development only: e-mails the app has queued. Without SMTP_URL they stay here instead of being sent."
      />
      {items.length === 0 ? (
        <EmptyState
          title="No e-mails yet"
          hint="Invitations and other messages appear here when they are queued."
        />
      ) : (
        <div className="flex flex-col gap-3">
          {items.map((m) => (
            <Card key={m.id}>
              <CardContent>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="min-w-0 font-medium break-words text-gray-900">{m.subject}</p>
                  <Badge
                    tone={
                      m.status === "sent" ? "success" : m.status === "failed" ? "danger" : "neutral"
                    }
                  >
                    {m.status}
                  </Badge>
                </div>
                <p className="mt-1 text-sm break-all text-gray-600">
                  To {m.to} · {formatDateTime(m.createdAt, "UTC")} UTC · {m.template}
                </p>
                {m.attachments.length > 0 && (
                  <p className="mt-1 text-sm break-all text-gray-600">
                    Attachments: {m.attachments.join(", ")}
                  </p>
                )}
                <pre className="mt-3 max-h-64 overflow-auto rounded-control bg-gray-50 p-3 text-sm whitespace-pre-wrap text-gray-800">
                  {m.text}
                </pre>
              </CardContent>
            </Card>
          ))}
          <Pagination meta={meta} />
        </div>
      )}
    </>
  );
}
