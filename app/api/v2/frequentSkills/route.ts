import { handle } from "@/lib/http/endpoint";
import { getFrequentSkills } from "@/lib/http/api/reference";

export const GET = handle(getFrequentSkills);
