import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { requestCtx } from "@/lib/auth/session";
import { pageData } from "@/lib/http/page";
import { getProfileCompany } from "@/lib/services/users/profile";
import { profileTab } from "../data";

export default async function AboutCompanyTab({ params }: { params: Promise<{ id: string }> }) {
  const profile = await profileTab((await params).id, "about-company");
  const c = await pageData(getProfileCompany(await requestCtx(), profile.id));
  const facts: [string, string | null][] = [
    ["Tax id", c.tax_id],
    ["Country", c.country],
    ["Address", [c.address, [c.zip, c.city].filter(Boolean).join(" ")].filter(Boolean).join(", ")],
    ["Phone", c.phone],
    ["E-mail", c.email],
  ];
  const policies: [string, string | null][] = [
    ["Type of work", c.type_of_work],
    ["Safety requirements", c.safety_requirements],
    ["Water policy", c.water_policy],
    ["Dress code", c.dress_code],
    ["Food policy", c.food_policy],
    ["How we value workers", c.value_workers],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{c.name}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm text-gray-600">{label}</dt>
              <dd className="break-words text-gray-900">{value || "—"}</dd>
            </div>
          ))}
        </dl>
        <section aria-labelledby="company-policies">
          <h3 id="company-policies" className="mb-2 text-sm font-semibold text-gray-900">
            Policies
          </h3>
          <dl className="grid grid-cols-1 gap-y-3">
            {policies.map(([label, value]) => (
              <div key={label}>
                <dt className="text-sm text-gray-600">{label}</dt>
                <dd className="whitespace-pre-wrap text-gray-900">{value || "Not given"}</dd>
              </div>
            ))}
          </dl>
        </section>
      </CardContent>
    </Card>
  );
}
