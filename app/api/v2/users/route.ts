import { handle } from "@/lib/http/endpoint";
import { getUsers } from "@/lib/http/api/reference";

export const GET = handle(getUsers);
