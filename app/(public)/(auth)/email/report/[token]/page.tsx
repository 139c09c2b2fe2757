import { Button } from "@/components/ui/button";
import { routeMetadata } from "@/lib/auth/metadata";
import { reportChange } from "../../verify/actions";

export const metadata = routeMetadata("/email/report/:token");

/**
 * The link of the notice mailed to the old address when a change of address is asked for.
 * Opening it changes nothing (a GET never writes, and mail scanners open links too); the
 * button reports the change.
 */
export default async function ReportEmailChangePage({
  params,
}: {
  params: Promise<{ token: string }>;
}) {
  const { token } = await params;
  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold text-gray-900">Report an e-mail change</h1>
      <p className="mb-3 text-sm text-gray-700">
        Someone asked to change the e-mail address of your Crewdeck account. If that was not you, or
        you do not want it, report it.
      </p>
      <ul className="mb-6 list-disc pl-5 text-sm text-gray-700">
        <li>The change is cancelled, or undone if it went through.</li>
        <li>Everyone is signed out of the account, on every device.</li>
        <li>We send a link to choose a new password to this address.</li>
      </ul>
      <form action={reportChange.bind(null, token.slice(0, 200))}>
        <Button type="submit" size="lg" variant="danger" fullWidth>
          Report this change
        </Button>
      </form>
    </>
  );
}
