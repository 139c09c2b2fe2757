"use server";

import { runAction } from "@/lib/http/action";
import { createNote, deleteNote, updateNote } from "@/lib/services/notes";
import { savePaymentSettings } from "@/lib/services/users/payment";
import { cancelEmailChange, updateProfile } from "@/lib/services/users/profile-update";
import { setExperience, setSkills } from "@/lib/services/users/skills";

// Thin adapters: every verb parses its own input and checks who may (lib/services/users).

export async function saveProfile(userId: number, input: unknown) {
  return runAction((ctx) => updateProfile(ctx, userId, input));
}

export async function cancelEmailChangeAction(userId: number) {
  return runAction((ctx) => cancelEmailChange(ctx, userId));
}

export async function savePayment(userId: number, input: unknown) {
  return runAction((ctx) => savePaymentSettings(ctx, userId, input));
}

export async function saveSkills(userId: number, skills: unknown) {
  return runAction((ctx) => setSkills(ctx, { user_id: userId, skills }));
}

export async function saveExperience(
  userId: number,
  input: { skill_id: unknown; experience: unknown; level_id?: unknown },
) {
  return runAction((ctx) => setExperience(ctx, { ...input, user_id: userId }));
}

export async function addUserNote(userId: number, comment: unknown) {
  return runAction((ctx) =>
    createNote(ctx, { noteable_type: "users", noteable_id: userId, comment }),
  );
}

export async function editUserNote(noteId: number, comment: unknown) {
  return runAction((ctx) => updateNote(ctx, noteId, { comment }));
}

export async function removeUserNote(noteId: number) {
  return runAction((ctx) => deleteNote(ctx, noteId));
}
