import { NewPasswordForm } from "@/components/auth/password-reset-forms";
import { routeMetadata } from "@/lib/auth/metadata";
import { saveNewPassword } from "../../../password-reset/actions";

export const metadata = routeMetadata("/password/reset/:token");

export default async function NewPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
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
