import { Alert } from "@/components/ui/alert";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDecimalHours } from "@/lib/domain/earnings";
import { requestCtx } from "@/lib/auth/session";
import { pageData } from "@/lib/http/page";
import { canReadPaySlips, workerPaySlips } from "@/lib/services/salary/worker-slips";
import { getPaymentSettings, unpaidEarnings } from "@/lib/services/users/payment";
import { WorkerPaySlipList } from "@/components/salary/worker-pay-slips";
import { profileTab } from "../data";
import { PaymentForm } from "./payment-form";

export default async function PaymentTab({ params }: { params: Promise<{ id: string }> }) {
  const profile = await profileTab((await params).id, "payment");
  const ctx = await requestCtx();
  const [payment, earnings, slips] = await Promise.all([
    pageData(getPaymentSettings(ctx, profile.id)),
    pageData(unpaidEarnings(ctx, { user_id: profile.id })),
    // Salary figures: the worker's own, or the office with salary_access.
    canReadPaySlips(ctx, profile.id) ? pageData(workerPaySlips(ctx, profile.id)) : null,
  ]);
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardHeader>
          <CardTitle>Unpaid earnings</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="flex flex-col gap-4 sm:flex-row sm:gap-10">
            <div className="min-w-0">
              <dt className="text-sm text-gray-600">Approved hours not yet paid</dt>
              <dd className="text-2xl font-semibold break-words text-gray-900 tabular-nums">
                {earnings.summary}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-gray-600">Shifts</dt>
              <dd className="text-2xl font-semibold text-gray-900 tabular-nums">
                {earnings.shifts}
              </dd>
            </div>
          </dl>
          {earnings.by_currency.length > 1 && (
            <ul aria-label="Unpaid earnings by currency" className="mt-3 text-sm text-gray-800">
              {earnings.by_currency.map((c) => (
                <li key={c.currency_code} className="tabular-nums">
                  {c.label} for {formatDecimalHours(c.minutes)} ({c.shifts}{" "}
                  {c.shifts === 1 ? "shift" : "shifts"})
                </li>
              ))}
            </ul>
          )}
          {earnings.without_rate.note && (
            <p className="mt-3 text-sm font-medium text-warning-800">
              {earnings.without_rate.note} ({earnings.without_rate.shifts}{" "}
              {earnings.without_rate.shifts === 1 ? "shift" : "shifts"}). The agency sets the rate
              before these hours are paid.
            </p>
          )}
        </CardContent>
      </Card>
      {slips && (
        <Card>
          <CardHeader>
            <CardTitle>Pay slips</CardTitle>
          </CardHeader>
          <CardContent>
            <WorkerPaySlipList slips={slips.items} />
          </CardContent>
        </Card>
      )}
      <PaymentForm
        userId={profile.id}
        initial={payment}
        refusal={profile.can.refusal && <Alert>{profile.can.refusal}</Alert>}
      />
    </div>
  );
}
