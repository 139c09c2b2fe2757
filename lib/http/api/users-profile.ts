import { endpoint } from "../endpoint";
import { IMAGE_UPLOAD } from "@/lib/files/upload";
import { readAvatar, uploadAvatar } from "@/lib/services/users/avatar";
import {
  getPaymentSettings,
  paymentInput,
  savePaymentSettings,
  unpaidEarnings,
  unpaidEarningsInput,
} from "@/lib/services/users/payment";
import { getProfile, getProfileCompany } from "@/lib/services/users/profile";
import {
  cancelEmailChange,
  updateOwnProfile,
  updateProfile,
  updateProfileInput,
} from "@/lib/services/users/profile-update";
import { referredBy, referredByInput } from "@/lib/services/users/referrals";
import {
  experienceInput,
  setExperience,
  setSkills,
  setSkillsInput,
  showSkills,
} from "@/lib/services/users/skills";

const SCOPE = "Oneself, the office, a client contact its company's users; 404 outside that scope";

export const getUser = endpoint<{ id: string }>({
  method: "GET",
  path: "/users/{id}",
  summary: `A user's profile. ${SCOPE}`,
  tag: "users",
  auth: "user",
  run: (ctx, { params }) => getProfile(ctx, params.id),
});

export const putUser = endpoint<{ id: string }>({
  method: "PUT",
  path: "/users/{id}",
  summary:
    "Change a profile's personal and settings fields (only those sent): oneself or user_create, within the rule of who may manage whom (403 saying why). role_ids by user_create holders on others only. A new email waits for confirmation from a mail to it (the old address is told, with a link to report it) and the answer names it in pending_email; one's own needs current_password",
  tag: "users",
  auth: "user",
  body: updateProfileInput,
  run: (ctx, { params, body }) => updateProfile(ctx, params.id, body),
});

export const postUpdateUser = endpoint({
  method: "POST",
  path: "/update_user",
  summary: "The signed-in user changes its own profile (the fields of PUT users/{id}, no roles)",
  tag: "users",
  auth: "user",
  body: updateProfileInput,
  run: (ctx, { body }) => updateOwnProfile(ctx, body),
});

export const deleteEmailChange = endpoint<{ id: string }>({
  method: "DELETE",
  path: "/users/{id}/email-change",
  summary:
    "Cancel the user's pending change of e-mail address (oneself, or user_create within the rule of who may manage whom); 409 when none waits",
  tag: "users",
  auth: "user",
  run: (ctx, { params }) => cancelEmailChange(ctx, params.id),
});

export const postProfilePicture = endpoint<{ id: string }>({
  method: "POST",
  path: "/users/profilePicture/{id}",
  summary:
    "Upload a profile picture (multipart field `file`; JPEG, PNG or WebP by content, at most 5 MB); stored as a 256×256 WebP",
  tag: "users",
  auth: "user",
  maxBodyBytes: IMAGE_UPLOAD.maxBytes + 64 * 1024,
  run: (ctx, { params, body }) =>
    uploadAvatar(ctx, params.id, (body as Record<string, unknown> | undefined)?.file),
});

export const getAvatar = endpoint<{ id: string }>({
  method: "GET",
  path: "/users/{id}/avatar",
  summary: `A user's profile picture (image). ${SCOPE}; 404 when there is none`,
  tag: "users",
  auth: "user",
  run: async (ctx, { params }) => {
    const file = await readAvatar(ctx, params.id);
    return new Response(new Uint8Array(file.body), {
      headers: {
        "content-type": file.contentType,
        "content-length": String(file.size),
        "content-disposition": "inline",
        "cache-control": "private, max-age=86400",
        "x-content-type-options": "nosniff",
      },
    });
  },
});

export const getUserCompany = endpoint<{ id: string }>({
  method: "GET",
  path: "/users/{id}/company",
  summary: "A client contact's company (the about-company tab), read-only",
  tag: "users",
  auth: "user",
  run: (ctx, { params }) => getProfileCompany(ctx, params.id),
});

export const getPaymentInformation = endpoint<{ id: string }>({
  method: "GET",
  path: "/payment-information/{id}",
  summary: "A worker's payment settings in full: the worker itself and user_create holders",
  tag: "users",
  auth: "user",
  run: (ctx, { params }) => getPaymentSettings(ctx, params.id),
});

export const putPaymentInformation = endpoint<{ id: string }>({
  method: "PUT",
  path: "/payment-information/{id}",
  summary:
    "Save payment settings: IBAN + SWIFT/BIC (checksum), or reg + konto with has_danish_bank; tax id with has_tax_id; company name with issues_invoice",
  tag: "users",
  auth: "user",
  body: paymentInput,
  run: (ctx, { params, body }) => savePaymentSettings(ctx, params.id, body),
});

export const getUnpaidEarnings = endpoint({
  method: "GET",
  path: "/statistics/unpaid-earnings",
  summary:
    "Approved hours not yet paid (user_id; oneself or user_create): minutes, hours, shifts; by_currency (amount in minor units per currency, priced at the worker's rates as the dashboard's estimates; never summed across currencies), without_rate (hours no rate prices yet), summary; amount and currency only when every hour is priced in one currency",
  tag: "users",
  auth: "user",
  query: unpaidEarningsInput,
  run: (ctx, { query }) => unpaidEarnings(ctx, query),
});

export const getShowSkills = endpoint<{ id: string }>({
  method: "GET",
  path: "/users/showSkills/{id}",
  summary: "A worker's skills with parent, level and years of experience",
  tag: "users",
  auth: "user",
  run: (ctx, { params }) => showSkills(ctx, params.id),
});

export const postUserSkills = endpoint({
  method: "POST",
  path: "/users/skills",
  summary: "Set a worker's skills (user_id, skills: ids); oneself or the office",
  tag: "users",
  auth: "user",
  body: setSkillsInput,
  run: (ctx, { body }) => setSkills(ctx, body),
});

export const postUserExperience = endpoint({
  method: "POST",
  path: "/users/experience",
  summary:
    "Years of experience in one skill (user_id, skill_id, experience); level_id by the office only",
  tag: "users",
  auth: "user",
  body: experienceInput,
  run: (ctx, { body }) => setExperience(ctx, body),
});

export const getReferredBy = endpoint<{ id: string }>({
  method: "GET",
  path: "/users/referredBy/{id}",
  summary:
    "The people a user invited, 5 per page, with their status (invited, registered, approved, active, deactivated); meta carries the counts",
  tag: "users",
  auth: "user",
  query: referredByInput,
  paginated: true,
  run: async (ctx, { params, query }) => {
    const page = await referredBy(ctx, params.id, query);
    return { items: page.items, meta: { ...page.meta, ...page.counts } };
  },
});

export const userProfileEndpoints = [
  getUser,
  putUser,
  postUpdateUser,
  deleteEmailChange,
  postProfilePicture,
  getAvatar,
  getUserCompany,
  getPaymentInformation,
  putPaymentInformation,
  getUnpaidEarnings,
  getShowSkills,
  postUserSkills,
  postUserExperience,
  getReferredBy,
];
