import { Button } from "@/components/ui/button";
import { routeMetadata } from "@/lib/auth/metadata";
import { confirmEmail } from "../actions";

export const metadata = routeMetadata("/email/verify/:token");

/**
 * The link of the verification mail. Opening it changes nothing (a GET never writes, and mail
 * scanners open links too); the button confirms the address.
 */
export default async function ConfirmEmailPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold text-gray-900">Confirm your e-mail address</h1>
      <p className="mb-6 text-sm text-gray-600">
        One click and your address is confirmed: the one you signed up with, or the new address you
        asked for.
      </p>
      <form action={confirmEmail.bind(null, token.slice(0, 200))}>
        <Button type="submit" size="lg" fullWidth>
          Confirm my e-mail address
        </Button>
      </form>
    </>
  );
}
