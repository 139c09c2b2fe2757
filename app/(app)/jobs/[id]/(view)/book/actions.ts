"use server";

import type { z } from "zod";
import { runAction, runParsed } from "@/lib/http/action";
import {
  applicationChangeInput,
  applicationChangeOptions,
  bookableUsers,
  bookableUsersInput,
  bookApplications,
  bookInput,
  changeApplication,
  changeApplicationStatus,
  deleteApplication,
  statusChangeInput,
} from "@/lib/services/applications";

type StatusChange = z.input<typeof statusChangeInput>;

/** The book dialog's worker search, a page of 8. */
export async function searchWorkers(q: Omit<z.input<typeof bookableUsersInput>, "perPage">) {
  return runParsed(bookableUsersInput, { ...q, perPage: 8 }, bookableUsers);
}

export async function bookWorker(input: z.input<typeof bookInput>) {
  return runParsed(bookInput, input, bookApplications);
}

export async function setApplicationStatus(
  id: number,
  status: StatusChange["status"],
  flags: Omit<StatusChange, "status"> = {},
) {
  return runParsed(statusChangeInput, { status, ...flags }, (ctx, input) =>
    changeApplicationStatus(ctx, id, input),
  );
}

export async function removeApplication(id: number) {
  return runAction((ctx) => deleteApplication(ctx, id));
}

export async function moveOptions(shiftId: number, applicationId: number) {
  return runAction((ctx) => applicationChangeOptions(ctx, shiftId, applicationId));
}

export async function moveApplication(input: z.input<typeof applicationChangeInput>) {
  return runParsed(applicationChangeInput, input, changeApplication);
}
