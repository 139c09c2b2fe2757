import { routeMetadata } from "@/lib/auth/metadata";
import { pageParam } from "../data";
import { NewJobsList } from "../lists";

export const metadata = routeMetadata("/my-dashboard/new");

type Search = Record<string, string | string[] | undefined>;

export default async function Page({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  return <NewJobsList page={pageParam(sp.page)} />;
}
