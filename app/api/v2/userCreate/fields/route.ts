import { route } from "@/lib/http/route";
import { getWizardFields } from "@/lib/http/api/users";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getWizardFields);
