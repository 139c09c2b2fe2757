import { routeMetadata } from "@/lib/auth/metadata";
import { pageParam } from "../data";
import { PastShiftsList } from "../lists";

export const metadata = routeMetadata("/my-dashboard/past");

type Search = Record<string, string | string[] | undefined>;

export default async function Page({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  return <PastShiftsList page={pageParam(sp.page)} toReport={sp.to_report === "1"} />;
}
