import { Alert } from "@/components/ui/alert";
import { requestCtx } from "@/lib/auth/session";
import { pageData } from "@/lib/http/page";
import { skillFormOptions } from "@/lib/services/users/options";
import { showSkills } from "@/lib/services/users/skills";
import { profileTab } from "../data";
import { SkillsPanel } from "./skills-panel";

export default async function SkillsTab({ params }: { params: Promise<{ id: string }> }) {
  const profile = await profileTab((await params).id, "my-skills");
  const ctx = await requestCtx();
  const [skills, options] = await Promise.all([
    pageData(showSkills(ctx, profile.id)),
    pageData(skillFormOptions(ctx, profile.id)),
  ]);
  return (
    <SkillsPanel
      userId={profile.id}
      data={skills}
      options={options}
      refusal={skills.can.reason && <Alert>{skills.can.reason}</Alert>}
    />
  );
}
