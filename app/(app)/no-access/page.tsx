import { NavLink } from "@/components/ui/nav-link";
import { redirect } from "next/navigation";
import { Card, CardContent } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { routeMetadata } from "@/lib/auth/metadata";
import { visibleNavigation } from "@/lib/auth/navigation";
import { currentActor } from "@/lib/auth/session";
import { env } from "@/lib/env";

// Served at /my-dashboard to a role holding neither dashboard (lib/auth/guard.ts), so a custom
// role always lands somewhere that says what it can do instead of bouncing between redirects.
export const metadata = routeMetadata("/my-dashboard");
export const dynamic = "force-dynamic";

export default async function OpenScreensPage() {
  const actor = await currentActor();
  if (!actor) redirect("/sign-in");
  const screens = visibleNavigation(actor.permissions, env.mode, {
    isClient: actor.isClient,
  }).flatMap((g) => g.items);
  return (
    <>
      <PageHeader title="Your screens" />
      <Card>
        <CardContent>
          {screens.length > 0 ? (
            <>
              <p className="text-gray-700">Your role gives you access to these screens:</p>
              <ul className="mt-3 flex flex-col gap-2">
                {screens.map((s) => (
                  <li key={s.href}>
                    <NavLink href={s.href} className="font-medium text-accent-700 underline">
                      {s.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="text-gray-700">
              Your account is signed in, but no screens have been opened for it yet. Please ask your
              agency&apos;s administrator to give your role the access you need.
            </p>
          )}
        </CardContent>
      </Card>
    </>
  );
}
