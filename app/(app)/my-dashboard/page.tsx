import { routeMetadata } from "@/lib/auth/metadata";
import { pageParam } from "./data";
import { MyShiftsList } from "./lists";

export const metadata = routeMetadata("/my-dashboard");

type Search = Record<string, string | string[] | undefined>;

/** The overview: the widget and tabs (layout) over the worker's upcoming shifts. */
export default async function MyDashboardPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  return <MyShiftsList page={pageParam(sp.page)} />;
}
