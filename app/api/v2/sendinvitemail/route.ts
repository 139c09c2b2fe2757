import { route } from "@/lib/http/route";
import { sendInvite } from "@/lib/http/api/invitations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(sendInvite);
