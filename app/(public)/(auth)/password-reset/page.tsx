import { ForgotPasswordForm } from "@/components/auth/password-reset-forms";
import { routeMetadata } from "@/lib/auth/metadata";
import { requestPasswordReset } from "./actions";

export const metadata = routeMetadata("/password-reset");

export default function PasswordResetPage() {
  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold text-gray-900">Forgot your password?</h1>
      <p className="mb-6 text-sm text-gray-600">
        Enter the e-mail address of your account and we will mail you a link to choose a new
        password.
      </p>
      <ForgotPasswordForm send={requestPasswordReset} />
    </>
  );
}
