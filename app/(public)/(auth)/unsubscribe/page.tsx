import { NavLink } from "@/components/ui/nav-link";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { routeMetadata } from "@/lib/auth/metadata";
import { runAction } from "@/lib/http/action";
import { unsubscribeInfo } from "@/lib/services/notifications/unsubscribe";
import { unsubscribeAction } from "./actions";

export const metadata = routeMetadata("/unsubscribe");

/**
 * The unsubscribe link of a notification e-mail. Opening it changes nothing (mail scanners
 * open links too); the button turns the category off. Mail programs that offer their own
 * unsubscribe button use the one-click address (POST /api/v2/unsubscribe) instead.
 */
export default async function UnsubscribePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const raw = (await searchParams).token;
  const token = (Array.isArray(raw) ? raw[0] : raw)?.slice(0, 300) ?? "";
  const info = await runAction((ctx) => unsubscribeInfo(ctx, token));
  if (!info.ok)
    return (
      <>
        <h1 className="mb-4 text-2xl font-semibold text-gray-900">This link does not work</h1>
        <Alert tone="warning" className="mb-6">
          {info.message}
        </Alert>
        <NavLink href="/sign-in" className="text-accent-700 underline">
          Sign in
        </NavLink>
      </>
    );
  const { label, on } = info.data;
  return on ? (
    <>
      <h1 className="mb-1 text-2xl font-semibold text-gray-900">Stop these e-mails?</h1>
      <p className="mb-6 text-sm text-gray-700">
        You will no longer get “{label}” e-mails. Other e-mails from Crewdeck keep coming. You can
        turn it on again in your profile settings.
      </p>
      <form
        action={async () => {
          "use server";
          // The page reads again after it: its state says whether it worked.
          await unsubscribeAction(token);
        }}
      >
        <Button type="submit" size="lg" fullWidth>
          Turn off “{label}”
        </Button>
      </form>
    </>
  ) : (
    <>
      <h1 className="mb-1 text-2xl font-semibold text-gray-900">You are unsubscribed</h1>
      <p className="mb-6 text-sm text-gray-700" role="status">
        You will no longer get “{label}” e-mails. You can turn them on again in your profile
        settings.
      </p>
      <NavLink href="/sign-in" className="text-accent-700 underline">
        Sign in
      </NavLink>
    </>
  );
}
