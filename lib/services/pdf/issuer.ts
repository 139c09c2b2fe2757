import { sideBySide, type DbOrTx } from "@/db";
import { getFile } from "@/lib/files/storage";
import { agencyBranding, getSetting } from "../settings";
import type { DocumentIssuer } from "./business-document";

/** The agency as it prints itself on documents: name, address and contact lines, logo (/settings). */
export async function documentIssuer(db: DbOrTx): Promise<DocumentIssuer> {
  const [b, logoKey] = await sideBySide(
    db,
    () => agencyBranding(db),
    () => getSetting(db, "agency_logo_key"),
  );
  const logo = logoKey ? await getFile(logoKey) : null;
  return {
    name: b.name,
    lines: [b.address, [b.phone, b.email].filter(Boolean).join(" · "), b.website].filter(
      (l): l is string => Boolean(l),
    ),
    logo: logo?.body ?? null,
  };
}
