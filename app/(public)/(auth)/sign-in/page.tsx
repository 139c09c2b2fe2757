import { Suspense } from "react";
import { NavLink } from "@/components/ui/nav-link";
import { redirect } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { SignInForm } from "@/components/auth/sign-in-form";
import { currentActor } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { VERIFY_LINK_INVALID } from "@/lib/services/account/verify-email";
import { PASSWORD_CHANGED } from "@/lib/services/account/password-reset";
import { signInStep } from "../actions";

export const metadata = routeMetadata("/sign-in");

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  if (await currentActor()) redirect("/");
  const { wasVerified, verification, passwordChanged: changed } = await searchParams;
  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold text-gray-900">Sign in</h1>
      <p className="mb-6 text-sm text-gray-600">
        Welcome back. Sign in to see your jobs and shifts.
      </p>
      {changed === "true" && (
        <Alert tone="success" className="mb-4">
          {PASSWORD_CHANGED}
        </Alert>
      )}
      {wasVerified === "true" && (
        <Alert tone="success" className="mb-4">
          Your e-mail address is verified. You can sign in now.
        </Alert>
      )}
      {verification === "invalid" && (
        <Alert tone="warning" className="mb-4">
          {VERIFY_LINK_INVALID} You can still sign in.
        </Alert>
      )}
      <Suspense>
        <SignInForm step={signInStep} />
      </Suspense>
      <p className="mt-4 flex flex-wrap justify-between gap-2 text-sm">
        <NavLink href="/password-reset" className="text-accent-700 underline">
          Forgot password?
        </NavLink>
        <NavLink href="/sign-up" className="text-accent-700 underline">
          New here? Sign up
        </NavLink>
      </p>
    </>
  );
}
