import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import { IMAGE_UPLOAD } from "@/lib/files/upload";
import { weightsInput } from "@/lib/services/master-data";
import {
  articleInput,
  articlesListInput,
  articleWeightsInput,
  createArticle,
  createHelpCategory,
  deleteArticle,
  deleteHelpCategory,
  getArticle,
  getHelpCategory,
  helpCategoriesListInput,
  helpCategoryInput,
  helpCentre,
  helpCentreInput,
  listArticles,
  listHelpCategories,
  readHelpImage,
  saveHelpArticleWeights,
  saveHelpCategoryWeights,
  updateArticle,
  updateHelpCategory,
  uploadHelpImage,
} from "@/lib/services/help";

const READ_SCOPE =
  "Only categories meant for one of the reader's roles (target_roles, or none = everyone); administrators and help writers see all";

export const getHelp = endpoint({
  method: "GET",
  path: "/help",
  summary: `The help centre [help_access]: categories in order with their articles (title, excerpt); search in titles and text. ${READ_SCOPE}`,
  tag: "help",
  auth: "user",
  query: helpCentreInput,
  run: (ctx, { query }) => helpCentre(ctx, query),
});

export const getArticles = endpoint({
  method: "GET",
  path: "/help/articles",
  summary: `Help articles [help_access], 10 a page: filter[category_id], filter[search]. ${READ_SCOPE}`,
  tag: "help",
  auth: "user",
  query: articlesListInput,
  paginated: true,
  run: (ctx, { query }) => listArticles(ctx, query),
});

export const postArticle = endpoint({
  method: "POST",
  path: "/help/articles",
  summary:
    "Create a help article [article_create] (title, body as HTML, category_id); the body is sanitized before it is stored",
  tag: "help",
  auth: "user",
  body: articleInput,
  status: 201,
  run: (ctx, { body }) => createArticle(ctx, body),
});

export const getArticleEndpoint = endpoint<{ id: string }>({
  method: "GET",
  path: "/help/articles/{id}",
  summary: `One help article with its sanitized HTML body; 404 outside the reader's categories. ${READ_SCOPE}`,
  tag: "help",
  auth: "user",
  run: (ctx, { params }) => getArticle(ctx, params.id),
});

export const putArticle = endpoint<{ id: string }>({
  method: "PUT",
  path: "/help/articles/{id}",
  summary: "Change a help article [article_edit] (title, body, category_id); the body is sanitized",
  tag: "help",
  auth: "user",
  body: articleInput,
  run: (ctx, { params, body }) => updateArticle(ctx, params.id, body),
});

export const deleteArticleEndpoint = endpoint<{ id: string }>({
  method: "DELETE",
  path: "/help/articles/{id}",
  summary: "Delete a help article [article_edit]",
  tag: "help",
  auth: "user",
  run: (ctx, { params }) => deleteArticle(ctx, params.id),
});

export const postArticleWeights = endpoint({
  method: "POST",
  path: "/help/articles/save-weights",
  summary:
    "The order of one category's articles in the help centre [article_edit]: category_id and the ids of all its articles, first to last",
  tag: "help",
  auth: "user",
  body: articleWeightsInput,
  run: (ctx, { body }) => saveHelpArticleWeights(ctx, body),
});

export const postHelpImage = endpoint({
  method: "POST",
  path: "/help/images",
  summary:
    "Upload an image for a help article [article_create or article_edit] (multipart field `file`; JPEG, PNG or WebP by content, at most 5 MB); answers the src to use",
  tag: "help",
  auth: "user",
  status: 201,
  maxBodyBytes: IMAGE_UPLOAD.maxBytes + 64 * 1024,
  run: (ctx, { body }) => uploadHelpImage(ctx, (body as Record<string, unknown> | undefined)?.file),
});

export const getHelpImage = endpoint<{ file: string }>({
  method: "GET",
  path: "/help/images/{file}",
  summary: "An image of a help article (WebP) [help_access]",
  tag: "help",
  auth: "user",
  run: async (ctx, { params }) => {
    const file = await readHelpImage(ctx, params.file);
    return new Response(new Uint8Array(file.body), {
      headers: {
        "content-type": file.contentType,
        "content-length": String(file.size),
        "content-disposition": "inline",
        // The name is random and never reused: the bytes behind it never change.
        "cache-control": "private, max-age=31536000, immutable",
        "x-content-type-options": "nosniff",
      },
    });
  },
});

export const getHelpCategories = endpoint({
  method: "GET",
  path: "/help-categories",
  summary:
    "Help categories [help_category_access] in their order, 10 a page: page, perPage, filter[search]",
  tag: "help",
  auth: "user",
  query: helpCategoriesListInput,
  paginated: true,
  run: (ctx, { query }) => listHelpCategories(ctx, query),
});

export const postHelpCategory = endpoint({
  method: "POST",
  path: "/help-categories",
  summary:
    "Create a help category [help_category_access] (name, description, target_roles: role ids, empty = everyone)",
  tag: "help",
  auth: "user",
  body: helpCategoryInput,
  status: 201,
  run: (ctx, { body }) => createHelpCategory(ctx, body),
});

export const postHelpCategoryWeights = endpoint({
  method: "POST",
  path: "/help-categories/save-weights",
  summary: "Set the order of the help categories [help_category_access]: ids, first first",
  tag: "help",
  auth: "user",
  body: weightsInput,
  run: (ctx, { body }) => saveHelpCategoryWeights(ctx, body),
});

export const getHelpCategoryEndpoint = endpoint<{ id: string }>({
  method: "GET",
  path: "/help-categories/{id}",
  summary: "One help category [help_category_access], with how many articles it holds",
  tag: "help",
  auth: "user",
  run: (ctx, { params }) => getHelpCategory(ctx, params.id),
});

export const putHelpCategory = endpoint<{ id: string }>({
  method: "PUT",
  path: "/help-categories/{id}",
  summary: "Change a help category [help_category_access] (name, description, target_roles)",
  tag: "help",
  auth: "user",
  body: helpCategoryInput,
  run: (ctx, { params, body }) => updateHelpCategory(ctx, params.id, body),
});

export const deleteHelpCategoryEndpoint = endpoint<{ id: string }>({
  method: "DELETE",
  path: "/help-categories/{id}",
  summary:
    "Delete an empty help category [help_category_access] (409 naming how many articles it holds)",
  tag: "help",
  auth: "user",
  run: (ctx, { params }) => deleteHelpCategory(ctx, params.id),
});

export const helpEndpoints: Endpoint[] = [
  getHelp,
  getArticles,
  postArticle,
  getArticleEndpoint,
  putArticle,
  deleteArticleEndpoint,
  postArticleWeights,
  postHelpImage,
  getHelpImage,
  getHelpCategories,
  postHelpCategory,
  postHelpCategoryWeights,
  getHelpCategoryEndpoint,
  putHelpCategory,
  deleteHelpCategoryEndpoint,
] as Endpoint[];
