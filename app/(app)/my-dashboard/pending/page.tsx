import { routeMetadata } from "@/lib/auth/metadata";
import { pageParam } from "../data";
import { PendingShiftsList } from "../lists";

export const metadata = routeMetadata("/my-dashboard/pending");

type Search = Record<string, string | string[] | undefined>;

export default async function Page({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  return <PendingShiftsList page={pageParam(sp.page)} />;
}
