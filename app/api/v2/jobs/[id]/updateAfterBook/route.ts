import { handle } from "@/lib/http/endpoint";
import { getUpdateAfterBook } from "@/lib/http/api/crew";

export const GET = handle(getUpdateAfterBook);
