"use server";

import { runAction } from "@/lib/http/action";
import { disableFeed, issueFeed } from "@/lib/services/user-calendar";

export async function issueFeedAction() {
  return runAction((ctx) => issueFeed(ctx));
}

export async function disableFeedAction() {
  return runAction((ctx) => disableFeed(ctx));
}
