import { NavLink } from "@/components/ui/nav-link";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { NewPasswordForm } from "@/components/auth/password-reset-forms";
import { routeMetadata } from "@/lib/auth/metadata";
import { requestCtx } from "@/lib/auth/session";
import { RESET_LINK_PROBLEM, resetLinkState } from "@/lib/services/account/password-reset";
import { saveNewPassword } from "../../../password-reset/actions";

export const metadata = routeMetadata("/password/reset/:token");

/**
 * A password link from an e-mail. The link is checked as the page opens (a read, nothing
 * written), so a used, expired or made-up one says so before the password is typed twice.
 */
export default async function NewPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const state = await resetLinkState(await requestCtx(), token);
  if (state !== "valid")
    return (
      <>
        <h1 className="mb-4 text-2xl font-semibold text-gray-900">This link cannot be used</h1>
        <Alert tone="warning">{RESET_LINK_PROBLEM[state]}</Alert>
        <div className="mt-6 flex flex-col gap-3">
          <NavLink href="/password-reset" className={buttonClass({ size: "lg", fullWidth: true })}>
            Ask for a new link
          </NavLink>
          <NavLink href="/sign-in" className="text-sm text-accent-700 underline">
            Back to sign in
          </NavLink>
        </div>
      </>
    );
  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold text-gray-900">Choose a new password</h1>
      <p className="mb-6 text-sm text-gray-600">
        Saving it signs your account out everywhere; then sign in with the new password.
      </p>
      <NewPasswordForm token={token.slice(0, 200)} save={saveNewPassword} />
    </>
  );
}
