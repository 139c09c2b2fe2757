import { ServerErrorScreen } from "@/components/shell/server-error-screen";
import { routeMetadata } from "@/lib/auth/metadata";

export const metadata = routeMetadata("/500");

export default function ServerErrorRoute() {
  return <ServerErrorScreen />;
}
