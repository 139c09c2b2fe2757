import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import {
  createDressCode,
  deleteDressCode,
  dressCodeInput,
  dressCodesListInput,
  getDressCode,
  listDressCodes,
  updateDressCode,
} from "@/lib/services/dresscodes";

export const getDressCodes = endpoint({
  method: "GET",
  path: "/dresscodes",
  summary: "Dress codes by name, 10 a page: page, perPage, filter[search] (part of the name)",
  tag: "dresscodes",
  auth: "user",
  query: dressCodesListInput,
  paginated: true,
  run: (ctx, { query }) => listDressCodes(ctx, query),
});

export const postDressCode = endpoint({
  method: "POST",
  path: "/dresscodes",
  summary: "Create a dress code (name, description); names are unique regardless of case",
  tag: "dresscodes",
  auth: "user",
  body: dressCodeInput,
  status: 201,
  run: (ctx, { body }) => createDressCode(ctx, body),
});

export const getDressCodeEndpoint = endpoint<{ id: string }>({
  method: "GET",
  path: "/dresscodes/{id}",
  summary: "One dress code, with how many jobs use it",
  tag: "dresscodes",
  auth: "user",
  run: (ctx, { params }) => getDressCode(ctx, params.id),
});

export const putDressCode = endpoint<{ id: string }>({
  method: "PUT",
  path: "/dresscodes/{id}",
  summary: "Change a dress code's name and description",
  tag: "dresscodes",
  auth: "user",
  body: dressCodeInput,
  run: (ctx, { params, body }) => updateDressCode(ctx, params.id, body),
});

export const deleteDressCodeEndpoint = endpoint<{ id: string }>({
  method: "DELETE",
  path: "/dresscodes/{id}",
  summary: "Delete a dress code no job or shift uses (409 while one does)",
  tag: "dresscodes",
  auth: "user",
  run: (ctx, { params }) => deleteDressCode(ctx, params.id),
});

export const dresscodesEndpoints: Endpoint[] = [
  getDressCodes,
  postDressCode,
  getDressCodeEndpoint,
  putDressCode,
  deleteDressCodeEndpoint,
] as Endpoint[];
