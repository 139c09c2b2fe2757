import { NavLink } from "@/components/ui/nav-link";
import { Card } from "@/components/ui/card";

/** One live figure on a dashboard. */
export function Stat({
  label,
  value,
  hint,
  href,
}: {
  label: string;
  value: number | string;
  hint?: string;
  href?: string;
}) {
  const body = (
    <Card className="h-full p-4 transition-colors sm:p-5">
      <p className="text-sm font-medium text-gray-600">{label}</p>
      <p className="mt-1 text-3xl font-semibold tracking-tight text-gray-900 tabular-nums">
        {value}
      </p>
      {hint && <p className="mt-1 text-xs text-gray-600">{hint}</p>}
    </Card>
  );
  return href ? (
    <NavLink href={href} className="block rounded-card hover:[&>div]:border-accent-300">
      {body}
    </NavLink>
  ) : (
    body
  );
}
