import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui";
import { requestCtx } from "@/lib/auth/session";
import { pageData } from "@/lib/http/page";
import { getPaymentSettings, unpaidEarnings } from "@/lib/services/users/payment";
import { profileTab } from "../data";
import { PaymentForm } from "./payment-form";

export default async function PaymentTab({ params }: { params: Promise<{ id: string }> }) {
  const profile = await profileTab((await params).id, "payment");
  const ctx = await requestCtx();
  const [payment, earnings] = await Promise.all([
    pageData(getPaymentSettings(ctx, profile.id)),
    pageData(unpaidEarnings(ctx, { user_id: profile.id })),
  ]);
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardHeader>
          <CardTitle>Unpaid earnings</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-2 gap-4 sm:max-w-md">
            <div>
              <dt className="text-sm text-gray-600">Approved hours not yet paid</dt>
              <dd className="text-2xl font-semibold text-gray-900 tabular-nums">
                {earnings.hours.toLocaleString("en-GB", { maximumFractionDigits: 2 })}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-gray-600">Shifts</dt>
              <dd className="text-2xl font-semibold text-gray-900 tabular-nums">
                {earnings.shifts}
              </dd>
            </div>
          </dl>
          <p className="mt-3 text-sm text-gray-600">Amounts appear once worker rates are set up.</p>
        </CardContent>
      </Card>
      <PaymentForm userId={profile.id} initial={payment} refusal={profile.can.refusal} />
    </div>
  );
}
