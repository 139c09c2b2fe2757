import { handle } from "@/lib/http/endpoint";
import { sendInvite } from "@/lib/http/api/invitations";

export const POST = handle(sendInvite);
