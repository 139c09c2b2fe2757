import { NavLink } from "@/components/ui/nav-link";
import { redirect } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { EnableOtpForm } from "@/components/auth/otp-forms";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { showTotpSetup } from "@/lib/services/auth/otp";
import { twoFactorRequiredForAdmins } from "@/lib/services/guard";
import { enableTwoFactor } from "../../actions";

export const metadata = routeMetadata("/otp/enable");

export default async function EnableOtpPage() {
  const ctx = await requestCtx();
  const actor = ctx.actor;
  if (!actor || actor.kind !== "user") redirect("/sign-in?callbackUrl=%2Fotp%2Fenable");
  if (actor.totpEnabled) {
    return (
      <>
        <h1 className="mb-4 text-2xl font-semibold text-gray-900">Two-factor login is on</h1>
        <p className="mb-6 text-gray-700">
          Your account already asks for a code from your authenticator app.
        </p>
        <NavLink href="/" className={buttonClass({ fullWidth: true })}>
          Continue
        </NavLink>
      </>
    );
  }
  const required = actor.isAdmin && (await twoFactorRequiredForAdmins(ctx));
  // A read: this page and another tab show the same secret; the form's code stores it.
  const setup = await showTotpSetup(ctx);
  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold text-gray-900">Turn on two-factor login</h1>
      <p className="mb-4 text-sm text-gray-600">
        Scan the QR code with an authenticator app (Google Authenticator, Microsoft Authenticator,
        1Password…), then enter the 6-digit code it shows.
      </p>
      {required && (
        <Alert tone="warning" className="mb-4">
          Your agency requires administrators to use two-factor login before continuing.
        </Alert>
      )}
      <div className="mb-4 flex flex-col items-center gap-3">
        {/* eslint-disable-next-line @next/next/no-img-element -- a data URL generated per user */}
        <img
          src={setup.image}
          alt="QR code for your authenticator app"
          width={200}
          height={200}
          className="rounded-md border border-gray-200"
        />
        <p className="text-center text-sm text-gray-600">
          Can&apos;t scan? Type this key instead:
          <code
            className="mt-1 block rounded bg-gray-100 px-2 py-1 font-mono text-sm break-all text-gray-900"
            data-testid="otp-secret"
          >
            {setup.code}
          </code>
        </p>
      </div>
      <EnableOtpForm enable={enableTwoFactor} />
      {!required && (
        <NavLink
          href="/"
          className="mt-4 block text-center text-sm text-accent-700 hover:underline"
        >
          Not now
        </NavLink>
      )}
    </>
  );
}
