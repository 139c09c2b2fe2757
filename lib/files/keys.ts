import { randomUUID } from "node:crypto";

/**
 * Storage keys are ours, never the uploader's file name: a folder of lower-case words, a random
 * UUID and a known extension ("avatars/7f3c…e1.webp"). Nothing a caller sends can climb out of
 * the upload folder or overwrite another file.
 */
const KEY = /^(?:[a-z0-9]+(?:-[a-z0-9]+)*\/)+[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;

export const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  odt: "application/vnd.oasis.opendocument.text",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
  zip: "application/zip",
};

export function isSafeKey(key: unknown): key is string {
  return typeof key === "string" && key.length <= 200 && KEY.test(key);
}

/** A fresh key under `folder` ("avatars", "documents/contracts") with the extension `ext`. */
export function newFileKey(folder: string, ext: string): string {
  const key = `${folder}/${randomUUID()}.${ext}`;
  if (!isSafeKey(key)) throw new Error(`Refusing to build the storage key ${key}`);
  return key;
}

/** The content type a key's extension stands for. */
export function contentTypeOfKey(key: string): string {
  const ext = key.slice(key.lastIndexOf(".") + 1);
  return CONTENT_TYPES[ext] ?? "application/octet-stream";
}
