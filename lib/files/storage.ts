import "server-only";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { env } from "@/lib/env";
import { contentTypeOfKey, isSafeKey } from "./keys";

/**
 * The files port (DESIGN.md §7): a local folder by default (`UPLOAD_DIR`, else
 * `$DATA_DIR/uploads`), any S3-compatible store when `S3_BUCKET` is set. Files are served only
 * through authorized route handlers, never from a public folder.
 */
export interface StoredFile {
  body: Buffer;
  contentType: string;
  size: number;
}

export interface FileStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** null when there is no such file. */
  get(key: string): Promise<StoredFile | null>;
  /** Deleting a missing file is not an error. */
  delete(key: string): Promise<void>;
}

function assertKey(key: string): void {
  if (!isSafeKey(key)) throw new Error("Unsafe storage key.");
}

/** Files under one folder; the content type is read back from the key's extension. */
export function localStore(root: string): FileStore {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    assertKey(key);
    const file = path.resolve(base, key);
    // Belt and braces: the key pattern already forbids "..", absolute paths and backslashes.
    if (!file.startsWith(base + path.sep)) throw new Error("Unsafe storage key.");
    return file;
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
    },
    async get(key) {
      try {
        const body = await readFile(fileOf(key));
        return { body, contentType: contentTypeOfKey(key), size: body.byteLength };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

export interface S3Config {
  bucket: string;
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** An S3-compatible bucket (AWS, MinIO, R2…): path-style addressing works with all of them. */
export function s3Store(cfg: S3Config, client?: S3Client): FileStore {
  const s3 =
    client ??
    new S3Client({
      region: cfg.region ?? "us-east-1",
      endpoint: cfg.endpoint,
      forcePathStyle: Boolean(cfg.endpoint),
      credentials:
        cfg.accessKeyId && cfg.secretAccessKey
          ? { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey }
          : undefined,
    });
  return {
    async put(key, bytes, contentType) {
      assertKey(key);
      await s3.send(
        new PutObjectCommand({
          Bucket: cfg.bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
        }),
      );
    },
    async get(key) {
      assertKey(key);
      try {
        const out = await s3.send(new GetObjectCommand({ Bucket: cfg.bucket, Key: key }));
        if (!out.Body) return null;
        const body = Buffer.from(await out.Body.transformToByteArray());
        return {
          body,
          contentType: out.ContentType ?? contentTypeOfKey(key),
          size: body.byteLength,
        };
      } catch (err) {
        const name = (err as { name?: string }).name;
        if (name === "NoSuchKey" || name === "NotFound") return null;
        throw err;
      }
    },
    async delete(key) {
      assertKey(key);
      await s3.send(new DeleteObjectCommand({ Bucket: cfg.bucket, Key: key }));
    },
  };
}

let store: FileStore | undefined;

/** The configured store (one per process). */
export function fileStore(): FileStore {
  store ??= env.S3_BUCKET
    ? s3Store({
        bucket: env.S3_BUCKET,
        endpoint: env.S3_ENDPOINT,
        region: env.S3_REGION,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      })
    : localStore(env.UPLOAD_DIR ?? path.join(env.DATA_DIR, "uploads"));
  return store;
}

/** Tests swap the store (a temporary folder); undefined goes back to the configured one. */
export function setFileStore(next: FileStore | undefined): void {
  store = next;
}

export const putFile = (key: string, bytes: Buffer, contentType: string) =>
  fileStore().put(key, bytes, contentType);
export const getFile = (key: string) => fileStore().get(key);
export const deleteFile = (key: string) => fileStore().delete(key);

/**
 * Removes a file the database no longer points at (after the commit that dropped it, or
 * after a write that failed). Best effort: the answer to the user does not wait on it, but
 * a failure is logged so an orphaned file can be found.
 */
export const discardFile = (key: string): Promise<void> =>
  deleteFile(key).catch((err: unknown) => {
    console.error(`[files] could not remove ${key}`, err);
  });
