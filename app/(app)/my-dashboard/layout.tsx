import { Suspense } from "react";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { AwaitingApproval } from "@/components/users/awaiting-approval";
import { currentActor, requestCtx } from "@/lib/auth/session";
import { applicantChecklist } from "@/lib/services/account/applicant";
import { workerPaySlips } from "@/lib/services/salary/worker-slips";
import { unpaidEarnings } from "@/lib/services/users/unpaid-earnings";
import { pageData } from "@/lib/http/page";
import { DashboardTabs, type DashboardTab } from "./dashboard-tabs";
import { EarningsCard } from "./earnings-card";
import { NextShiftCard } from "./next-shift-card";
import { newJobsBadge, workerFigures } from "./data";

export const dynamic = "force-dynamic";

const TABS: DashboardTab[] = [
  { key: "new", label: "New" },
  { key: "my", label: "My shifts" },
  { key: "past", label: "Past" },
  { key: "pending", label: "Pending" },
];

/**
 * The worker's dashboard (spec §2): the next-shift widget, then the four lists as tabs. The
 * header draws at once; the widget and the tab counters stream in.
 */
export default async function MyDashboardLayout({ children }: { children: React.ReactNode }) {
  const actor = await currentActor();
  const firstName = actor?.name.split(" ")[0] ?? "";
  // An applicant has no shifts yet: it sees what happens next and its profile checklist.
  if (actor && !actor.approved) {
    const items = await pageData(applicantChecklist(await requestCtx()));
    return (
      <>
        <PageHeader title="My dashboard" description={`Hi ${firstName}, welcome to Crewdeck.`} />
        <AwaitingApproval firstName={firstName} items={items} />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title="My dashboard"
        description={firstName ? `Hi ${firstName}, here are your shifts.` : undefined}
      />
      <Suspense fallback={<WidgetSkeleton />}>
        <NextShift />
      </Suspense>
      {actor && (
        <Suspense fallback={null}>
          <Earnings userId={actor.userId} />
        </Suspense>
      )}
      <Suspense fallback={<DashboardTabs tabs={TABS} />}>
        <TabsWithCounts />
      </Suspense>
      {children}
    </>
  );
}

async function NextShift() {
  const figures = await pageData(workerFigures());
  return <NextShiftCard shift={figures.nextShift} />;
}

async function Earnings({ userId }: { userId: number }) {
  const ctx = await requestCtx();
  const [earnings, slips] = await Promise.all([
    pageData(unpaidEarnings(ctx, { user_id: userId })),
    pageData(workerPaySlips(ctx, userId, 1)),
  ]);
  return <EarningsCard earnings={earnings} latest={slips.items[0] ?? null} />;
}

async function TabsWithCounts() {
  const [fresh, figures] = await Promise.all([pageData(newJobsBadge()), pageData(workerFigures())]);
  const badges: Partial<Record<DashboardTab["key"], [string, string]>> = {
    new: fresh.count > 0 ? [fresh.label, "new jobs"] : undefined,
    my: figures.requests > 0 ? [String(figures.requests), "requests to answer"] : undefined,
    past:
      figures.toReport > 0 ? [String(figures.toReport), "shifts to report hours for"] : undefined,
  };
  return (
    <DashboardTabs
      tabs={TABS.map((t) => {
        const b = badges[t.key];
        return b ? { ...t, badge: b[0], badgeLabel: b[1] } : t;
      })}
    />
  );
}

function WidgetSkeleton() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="mb-6 rounded-card border border-gray-200 bg-white p-4"
    >
      <span className="sr-only">Loading your next shift…</span>
      <Skeleton className="h-4 w-32" />
      <Skeleton className="mt-3 h-6 w-2/3" />
      <Skeleton className="mt-3 h-5 w-1/2" />
      <Skeleton className="mt-4 h-14 w-full" />
    </div>
  );
}
