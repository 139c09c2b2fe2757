import { requestCtx } from "@/lib/auth/session";
import { pageData, pageId } from "@/lib/http/page";
import { rateCardCompany } from "@/lib/services/rates";

/**
 * Decides the company before loading.tsx's boundary: once the page streams, its status (200)
 * is sent, so an unknown company must be found out here for the 404 screen to answer 404.
 */
export default async function ClientRatesLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ id: string }>;
}) {
  const id = pageId((await params).id, "Company");
  await pageData(rateCardCompany(await requestCtx(), id));
  return children;
}
