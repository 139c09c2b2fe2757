import { NotFoundScreen } from "@/components/shell/status-screen";
import { routeMetadata } from "@/lib/auth/metadata";

export const metadata = routeMetadata("/404");

export default function NotFoundRoute() {
  return <NotFoundScreen />;
}
