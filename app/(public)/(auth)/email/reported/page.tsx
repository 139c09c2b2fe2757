import { NavLink } from "@/components/ui/nav-link";
import { Alert } from "@/components/ui/alert";
import { routeMetadata } from "@/lib/auth/metadata";
import { REPORT_LINK_INVALID } from "@/lib/services/account/email-change";

export const metadata = routeMetadata("/email/reported");

export default async function EmailReportedPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const { invalid } = await searchParams;
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold text-gray-900">
        {invalid === "true" ? "This link does not work" : "Thank you for telling us"}
      </h1>
      {invalid === "true" ? (
        <Alert tone="warning" className="mb-6">
          {REPORT_LINK_INVALID} If you still think someone else uses your account, reset your
          password and tell the agency.
        </Alert>
      ) : (
        <p className="mb-6 text-sm text-gray-700">
          The change is cancelled, everyone is signed out of your account, and we sent a link to
          choose a new password to your e-mail address. Open it soon.
        </p>
      )}
      <NavLink href="/password-reset" className="text-accent-700 underline">
        Reset my password
      </NavLink>
    </>
  );
}
