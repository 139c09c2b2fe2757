import { redirect } from "next/navigation";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { currentActor, requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { pageData } from "@/lib/http/page";
import { inviterName, signUpOptions } from "@/lib/services/account/registration";
import { isId } from "@/lib/services/params";

export const metadata = routeMetadata("/sign-up");

/** Public registration for freelancers; an invitation link fills invited-by and the e-mail. */
export default async function SignUpPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  if (await currentActor()) redirect("/");
  const params = await searchParams;
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const invitedByRaw = one(params.invitedBy);
  const ctx = await requestCtx();
  const [options, inviter] = await Promise.all([
    pageData(signUpOptions(ctx)),
    isId(invitedByRaw) ? inviterName(ctx, invitedByRaw) : Promise.resolve(null),
  ]);
  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold text-gray-900">Join the crew</h1>
      <p className="mb-6 text-sm text-gray-600">
        Create your freelancer account. The agency reviews new profiles and approves yours before
        you can take shifts.
      </p>
      <SignUpForm
        options={options}
        invitedBy={inviter ? Number(invitedByRaw) : null}
        inviterName={inviter}
        initialEmail={(one(params.email) ?? "").slice(0, 254)}
      />
    </>
  );
}
