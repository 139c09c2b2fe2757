import { routeMetadata } from "@/lib/auth/metadata";
import { pageParam } from "../data";
import { MyShiftsList } from "../lists";

export const metadata = routeMetadata("/my-dashboard/my");

type Search = Record<string, string | string[] | undefined>;

export default async function Page({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  return <MyShiftsList page={pageParam(sp.page)} />;
}
