import { ShieldCheck, UserRound } from "lucide-react";
import { NavLink } from "@/components/ui/nav-link";

const ITEM =
  "flex min-h-11 items-center gap-2 rounded-control px-3 py-2 text-sm text-gray-700 hover:bg-gray-100 sm:pointer-fine:min-h-10";

/**
 * The user menu's open panel as far as it needs no code of its own: who is signed in and the
 * links to the profile and to two-factor login. Drawn on the server and handed to the shell
 * (app-shell.tsx's UserMenu adds Sign out), so its markup and words stay out of every page's
 * first-load JavaScript (the worker's budget, README).
 */
export function UserMenuLinks({
  name,
  email,
  totpEnabled,
}: {
  name: string;
  email: string;
  totpEnabled: boolean;
}) {
  return (
    <>
      <div className="border-b border-gray-100 px-3 py-2">
        <p className="truncate text-sm font-medium text-gray-900">{name}</p>
        <p className="truncate text-xs text-gray-600">{email}</p>
      </div>
      <NavLink href="/users/me/personal" className={ITEM}>
        <UserRound className="size-4" aria-hidden />
        My profile
      </NavLink>
      <NavLink href={totpEnabled ? "/otp/disable" : "/otp/enable"} className={ITEM}>
        <ShieldCheck className="size-4" aria-hidden />
        {totpEnabled ? "Turn off two-factor login" : "Turn on two-factor login"}
      </NavLink>
    </>
  );
}
