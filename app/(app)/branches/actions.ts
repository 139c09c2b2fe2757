"use server";

import type { z } from "zod";
import { runAction, runParsed } from "@/lib/http/action";
import {
  branchInput,
  createBranch,
  deleteBranch,
  restoreBranch,
  updateBranch,
} from "@/lib/services/branches";

type BranchValues = z.input<typeof branchInput>;

export async function createBranchAction(values: BranchValues) {
  return runParsed(branchInput, values, createBranch);
}

export async function updateBranchAction(id: number, values: BranchValues) {
  return runParsed(branchInput, values, (ctx, input) => updateBranch(ctx, id, input));
}

export async function deleteBranchAction(id: number) {
  return runAction((ctx) => deleteBranch(ctx, id));
}

export async function restoreBranchAction(id: number) {
  return runAction((ctx) => restoreBranch(ctx, id));
}
