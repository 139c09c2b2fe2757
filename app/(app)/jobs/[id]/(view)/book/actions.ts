"use server";

import { runAction } from "@/lib/http/action";
import {
  applicationChangeOptions,
  bookableUsers,
  bookApplications,
  changeApplication,
  changeApplicationStatus,
  deleteApplication,
} from "@/lib/services/applications";

export interface WorkerSearch {
  page: number;
  skill?: number;
  username?: string;
  branches?: number[];
  shiftIds: number[];
}

export async function searchWorkers(q: WorkerSearch) {
  return runAction((ctx) =>
    bookableUsers(ctx, {
      page: q.page,
      perPage: 8,
      skill: q.skill,
      username: q.username,
      branches: q.branches,
      shiftIds: q.shiftIds,
    }),
  );
}

export async function bookWorker(input: {
  assignee_id: number;
  shiftIds: number[];
  shift_slots: number[];
  status: "Booked" | "Reserve" | "Requested";
  closely?: boolean;
  book_anyway?: boolean;
}) {
  return runAction((ctx) => bookApplications(ctx, input));
}

export async function setApplicationStatus(
  id: number,
  status: string,
  flags: { closely?: boolean; book_anyway?: boolean } = {},
) {
  return runAction((ctx) => changeApplicationStatus(ctx, id, { status, ...flags }));
}

export async function removeApplication(id: number) {
  return runAction((ctx) => deleteApplication(ctx, id));
}

export async function moveOptions(shiftId: number, applicationId: number) {
  return runAction((ctx) => applicationChangeOptions(ctx, shiftId, applicationId));
}

export async function moveApplication(input: {
  application_id: number;
  shift_slot_id: number;
  closely?: boolean;
  book_anyway?: boolean;
}) {
  return runAction((ctx) => changeApplication(ctx, input));
}
