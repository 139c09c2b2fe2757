import { Suspense } from "react";
import { TwoFactorForm } from "@/components/auth/two-factor-form";
import { routeMetadata } from "@/lib/auth/metadata";
import { twoFactorStep } from "../actions";

export const metadata = routeMetadata("/two-factor");

export default function TwoFactorPage() {
  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold text-gray-900">Two-factor login</h1>
      <p className="mb-6 text-sm text-gray-600">
        Open your authenticator app and enter the code it shows for Crewdeck.
      </p>
      <Suspense>
        <TwoFactorForm step={twoFactorStep} />
      </Suspense>
    </>
  );
}
