import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import {
  createLanguage,
  deleteLanguage,
  getLanguage,
  languageInput,
  languagesListInput,
  listLanguages,
  updateLanguage,
} from "@/lib/services/languages";

export const getLanguages = endpoint({
  method: "GET",
  path: "/languages",
  summary:
    "Live languages by id, 10 a page: page, perPage, filter[search] (name or code) [language_access]. all=1: every live language on one page, for pickers (any signed-in user)",
  tag: "languages",
  auth: "user",
  query: languagesListInput,
  paginated: true,
  run: (ctx, { query }) => listLanguages(ctx, query),
});

export const postLanguage = endpoint({
  method: "POST",
  path: "/languages",
  summary:
    "Create a language (name, code: ISO 639-1, two lower-case letters); name and code are unique [language_access]",
  tag: "languages",
  auth: "user",
  body: languageInput,
  status: 201,
  run: (ctx, { body }) => createLanguage(ctx, body),
});

export const getLanguageEndpoint = endpoint<{ id: string }>({
  method: "GET",
  path: "/languages/{id}",
  summary: "One live language, with how many people speak it [language_access]",
  tag: "languages",
  auth: "user",
  run: (ctx, { params }) => getLanguage(ctx, params.id),
});

export const putLanguage = endpoint<{ id: string }>({
  method: "PUT",
  path: "/languages/{id}",
  summary: "Change a language's name and code [language_access]",
  tag: "languages",
  auth: "user",
  body: languageInput,
  run: (ctx, { params, body }) => updateLanguage(ctx, params.id, body),
});

export const deleteLanguageEndpoint = endpoint<{ id: string }>({
  method: "DELETE",
  path: "/languages/{id}",
  summary:
    "Delete a language; one that people speak is archived instead (archived: true) [language_access]",
  tag: "languages",
  auth: "user",
  run: (ctx, { params }) => deleteLanguage(ctx, params.id),
});

export const languagesEndpoints: Endpoint[] = [
  getLanguages,
  postLanguage,
  getLanguageEndpoint,
  putLanguage,
  deleteLanguageEndpoint,
] as Endpoint[];
