import type { Metadata } from "next";
import { requestCtx } from "@/lib/auth/session";
import { pageData } from "@/lib/http/page";
import {
  equipmentCategoryChoices,
  listAdditionalCosts,
} from "@/lib/services/jobs/additional-costs";
import { jobForPage } from "../../data";
import { removeCost, saveCost } from "./actions";
import { CostsPanel } from "./costs-panel";

export async function generateMetadata({
  params,
}: {
  params: Promise<{ id: string }>;
}): Promise<Metadata> {
  const job = await jobForPage((await params).id);
  return { title: `${job.name} · Additional costs` };
}

export default async function JobAdditionalCostsPage({
  params,
}: {
  params: Promise<{ id: string }>;
}) {
  const job = await jobForPage((await params).id);
  const ctx = await requestCtx();
  const [costs, equipment] = await pageData(
    Promise.all([listAdditionalCosts(ctx, job.id), equipmentCategoryChoices(ctx)]),
  );
  return (
    <CostsPanel
      costs={costs}
      equipment={equipment}
      save={saveCost.bind(null, job.id)}
      remove={removeCost}
    />
  );
}
