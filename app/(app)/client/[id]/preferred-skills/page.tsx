import type { Metadata } from "next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { requestCtx } from "@/lib/auth/session";
import { pageData } from "@/lib/http/page";
import { getPreferredSkills } from "@/lib/services/companies";
import { listSkills } from "@/lib/services/reference";
import { clientForPage } from "../../../clients/client-data";
import { PreferredSkillsEditor } from "./preferred-skills-editor";

export const metadata: Metadata = { title: "Preferred skills" };

/**
 * /client/{id}/preferred-skills: the skills this client books most, in order; the job form's
 * frequent-skills group (freq_1) offers them first. Staff with company_edit change them.
 */
export default async function PreferredSkillsPage({ params }: { params: Promise<{ id: string }> }) {
  const client = await clientForPage((await params).id);
  const ctx = await requestCtx();
  const [chosen, skills] = await Promise.all([
    pageData(getPreferredSkills(ctx, client.id)),
    client.can.edit ? pageData(listSkills(ctx, {})) : null,
  ]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Preferred skills</CardTitle>
        <CardDescription>
          The skills this client asks for most, in order. The job form offers them first.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {skills ? (
          <PreferredSkillsEditor
            companyId={client.id}
            chosen={chosen}
            skills={skills.map((s) => ({ id: s.id, name: s.name }))}
          />
        ) : chosen.length ? (
          <ol className="list-decimal pl-6 text-sm text-gray-900">
            {chosen.map((s) => (
              <li key={s.id} className="py-1">
                {s.name}
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-gray-600">No preferred skills yet.</p>
        )}
      </CardContent>
    </Card>
  );
}
