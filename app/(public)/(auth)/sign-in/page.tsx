import { Suspense } from "react";
import { redirect } from "next/navigation";
import { Alert } from "@/components/ui";
import { SignInForm } from "@/components/auth/sign-in-form";
import { currentActor } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { signInStep } from "../actions";

export const metadata = routeMetadata("/sign-in");

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  if (await currentActor()) redirect("/");
  const { wasVerified } = await searchParams;
  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold text-gray-900">Sign in</h1>
      <p className="mb-6 text-sm text-gray-600">
        Welcome back. Sign in to see your jobs and shifts.
      </p>
      {wasVerified === "true" && (
        <Alert tone="success" className="mb-4">
          Your e-mail address is verified. You can sign in now.
        </Alert>
      )}
      <Suspense>
        <SignInForm step={signInStep} />
      </Suspense>
    </>
  );
}
