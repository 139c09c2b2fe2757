import { NavLink } from "@/components/ui/nav-link";
import { Alert } from "@/components/ui/alert";
import { routeMetadata } from "@/lib/auth/metadata";

export const metadata = routeMetadata("/email/changed");

/** Where a confirmed change of address lands (or one another account took meanwhile). */
export default async function EmailChangedPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const { taken } = await searchParams;
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold text-gray-900">
        {taken === "true" ? "This address is taken" : "Your new e-mail address is confirmed"}
      </h1>
      {taken === "true" ? (
        <Alert tone="warning" className="mb-6">
          Another account uses this address now, so it cannot become yours. Your account keeps its
          old address; ask for a new change from your profile.
        </Alert>
      ) : (
        <p className="mb-6 text-sm text-gray-700">
          From now on you sign in with it, and Crewdeck writes to it.
        </p>
      )}
      <NavLink href="/" className="text-accent-700 underline">
        Continue to Crewdeck
      </NavLink>
    </>
  );
}
