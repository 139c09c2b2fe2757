import { PageHeader, Card, CardContent } from "@/components/ui";
import { routeMetadata } from "@/lib/auth/metadata";

export const metadata = routeMetadata("/no-access");

export default function NoAccessPage() {
  return (
    <>
      <PageHeader title="No access yet" />
      <Card>
        <CardContent>
          <p className="text-gray-700">
            Your account is signed in, but no screens have been opened for it yet. Please ask your
            agency&apos;s administrator to give your role the access you need.
          </p>
        </CardContent>
      </Card>
    </>
  );
}
