import { NavLink } from "@/components/ui/nav-link";
import { Check, Circle } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { ChecklistItem } from "@/lib/services/account/applicant";

/**
 * The applicant's dashboard: what happens next, and the profile checklist. It replaces the
 * worker's tabs until the agency approves the account.
 */
export function AwaitingApproval({
  firstName,
  items,
}: {
  firstName: string;
  items: ChecklistItem[];
}) {
  const done = items.filter((i) => i.done).length;
  return (
    <div className="flex flex-col gap-6">
      <Alert tone="info" title="Your account is awaiting approval">
        Thank you for signing up{firstName ? `, ${firstName}` : ""}. The agency reviews every new
        profile: someone from the office looks at your skills and experience and may call you for a
        short introduction. Once you are approved you can apply for shifts here.
      </Alert>
      <Card>
        <CardHeader>
          <CardTitle>Complete your profile</CardTitle>
          <CardDescription>
            A complete profile is approved sooner. {done} of {items.length} done.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-gray-200">
            {items.map((item) => (
              <li key={item.key} className="flex items-center justify-between gap-3 py-3">
                <span className="flex items-center gap-2">
                  {item.done ? (
                    <Check aria-hidden className="size-5 text-success-700" />
                  ) : (
                    <Circle aria-hidden className="size-4 text-gray-500" />
                  )}
                  <span className="text-gray-900">{item.label}</span>
                  <span className="sr-only">{item.done ? "(done)" : "(to do)"}</span>
                </span>
                {item.done ? (
                  <span className="text-sm text-success-800">Done</span>
                ) : (
                  <NavLink
                    href={item.href}
                    className="text-sm font-medium text-accent-700 underline"
                  >
                    Add<span className="sr-only"> {item.label.toLowerCase()}</span>
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
