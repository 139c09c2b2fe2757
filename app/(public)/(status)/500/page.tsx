import { StatusScreen } from "@/components/shell/status-screen";
import { routeMetadata } from "@/lib/auth/metadata";

export const metadata = routeMetadata("/500");

export default function ServerErrorRoute() {
  return (
    <StatusScreen code="500" title="Something went wrong">
      <p>Sorry, something went wrong on our side. Please try again in a moment.</p>
    </StatusScreen>
  );
}
