import { articleForPage } from "../data";

/** Decides a 404 (or a redirect) before loading.tsx streams the page (see data.ts). */
export default async function Layout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ id: string }>;
}) {
  await articleForPage((await params).id);
  return children;
}
