import { NavLink } from "@/components/ui/nav-link";
import { redirect } from "next/navigation";
import { buttonClass } from "@/components/ui/button";
import { DisableOtpForm } from "@/components/auth/otp-forms";
import { currentActor } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { disableTwoFactor } from "../../actions";

export const metadata = routeMetadata("/otp/disable");

export default async function DisableOtpPage() {
  const actor = await currentActor();
  if (!actor) redirect("/sign-in?callbackUrl=%2Fotp%2Fdisable");
  if (!actor.totpEnabled) {
    return (
      <>
        <h1 className="mb-4 text-2xl font-semibold text-gray-900">Two-factor login is off</h1>
        <NavLink href="/otp/enable" className={buttonClass({ fullWidth: true })}>
          Turn it on
        </NavLink>
      </>
    );
  }
  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold text-gray-900">Turn off two-factor login</h1>
      <p className="mb-6 text-sm text-gray-600">
        Enter your password to confirm. Devices you asked us to remember will need the code again if
        you turn it back on.
      </p>
      <DisableOtpForm disable={disableTwoFactor} />
      <NavLink href="/" className="mt-4 block text-center text-sm text-accent-700 hover:underline">
        Cancel
      </NavLink>
    </>
  );
}
