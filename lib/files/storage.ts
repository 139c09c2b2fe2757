import "server-only";
import { createReadStream, createWriteStream } from "node:fs";
import {
  copyFile,
  mkdir,
  mkdtemp,
  open,
  readFile,
  rm,
  stat,
  writeFile,
  type FileHandle,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { S3Client } from "@aws-sdk/client-s3";
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

/** A stored file being read: its bytes as they come, and how many there are. */
export interface OpenedFile {
  stream: ReadableStream<Uint8Array>;
  contentType: string;
  size: number;
}

export interface FileStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /**
   * Stores a file from a local path without reading it into memory (large exports). A store
   * without it gets the bytes through `put` (putFileFrom).
   */
  putPath?(key: string, filePath: string, contentType: string): Promise<void>;
  /** null when there is no such file. */
  get(key: string): Promise<StoredFile | null>;
  /**
   * The file as a stream, never whole in memory (a stored download); null when there is no such
   * file. Once opened, the file's removal does not cut the stream short. A store without it
   * streams what `get` read (openFile).
   */
  open?(key: string): Promise<OpenedFile | null>;
  /** Deleting a missing file is not an error. */
  delete(key: string): Promise<void>;
}

/**
 * How much an opened local file reads at a time: a stored download of 1.5–2.5 MB comes in a few
 * chunks instead of forty of fs's default 64 kB, each a turn of the stream machinery.
 */
const READ_CHUNK = 512 * 1024;

/**
 * An opened file's bytes as a web stream, read where the consumer pulls, READ_CHUNK at a time
 * and never a chunk larger than what is left (a read allocates its whole chunk: the demo's 10 kB
 * download read into 512 kB buffers was memory the server held until collected). The handle is
 * closed at the end, on an error and when the reader cancels (a client that hangs up). Node's
 * createReadStream bridged by Readable.toWeb took twice as long for the same bytes (a 2 MB file:
 * ~2.0 → ~1.0 ms a read, Node 24).
 */
function fileStream(handle: FileHandle, size: number): ReadableStream<Uint8Array> {
  let at = 0;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await handle.close();
  };
  return new ReadableStream<Uint8Array>({
    type: "bytes",
    async pull(ctrl) {
      try {
        const want = Math.min(READ_CHUNK, size - at);
        // Never from Buffer's shared pool: a byte stream takes over the chunk's memory.
        const chunk = want > 0 ? Buffer.allocUnsafeSlow(want) : null;
        const { bytesRead } = chunk ? await handle.read(chunk, 0, want, at) : { bytesRead: 0 };
        at += bytesRead;
        if (chunk && bytesRead) ctrl.enqueue(chunk.subarray(0, bytesRead));
        // The size taken at open ends the stream: a file cut meanwhile ends early, never hangs.
        if (!bytesRead || at >= size) {
          await close();
          ctrl.close();
        }
      } catch (err) {
        await close().catch(() => undefined);
        ctrl.error(err);
      }
    },
    cancel: close,
  });
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
    async putPath(key, filePath) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await copyFile(filePath, file);
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
    async open(key) {
      // Opened before anything is answered: a missing file is null, not a broken download, and
      // an open file reads to its end even if the round removes it meanwhile.
      let handle;
      try {
        handle = await open(fileOf(key), "r");
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
      try {
        const { size } = await handle.stat();
        return { stream: fileStream(handle, size), contentType: contentTypeOfKey(key), size };
      } catch (err) {
        await handle.close();
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

/**
 * An S3-compatible bucket (AWS, MinIO, R2…): path-style addressing works with all of them. The
 * SDK is loaded with the store's first call, not with this module, which every service that
 * stores or reads a file imports: a server on local files (the default) would otherwise hold
 * the SDK's modules for nothing (issue 27's memory bar).
 */
export function s3Store(cfg: S3Config, client?: S3Client): FileStore {
  const sdk = () => import("@aws-sdk/client-s3");
  let connected: Promise<S3Client> | undefined = client && Promise.resolve(client);
  const connect = () =>
    (connected ??= sdk().then(
      ({ S3Client }) =>
        new S3Client({
          region: cfg.region ?? "us-east-1",
          endpoint: cfg.endpoint,
          forcePathStyle: Boolean(cfg.endpoint),
          credentials:
            cfg.accessKeyId && cfg.secretAccessKey
              ? { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey }
              : undefined,
        }),
    ));
  /** GetObject of a key; null when the bucket has no such object (or it has no body). */
  async function getObject(key: string) {
    assertKey(key);
    const [s3, { GetObjectCommand }] = await Promise.all([connect(), sdk()]);
    try {
      const out = await s3.send(new GetObjectCommand({ Bucket: cfg.bucket, Key: key }));
      return out.Body ? { ...out, Body: out.Body } : null;
    } catch (err) {
      const name = (err as { name?: string }).name;
      if (name === "NoSuchKey" || name === "NotFound") return null;
      throw err;
    }
  }
  return {
    async put(key, bytes, contentType) {
      assertKey(key);
      const [s3, { PutObjectCommand }] = await Promise.all([connect(), sdk()]);
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
    async putPath(key, filePath, contentType) {
      assertKey(key);
      const { size } = await stat(filePath);
      const [s3, { PutObjectCommand }] = await Promise.all([connect(), sdk()]);
      await s3.send(
        new PutObjectCommand({
          Bucket: cfg.bucket,
          Key: key,
          Body: createReadStream(filePath),
          ContentType: contentType,
          ContentLength: size,
        }),
      );
    },
    async get(key) {
      const out = await getObject(key);
      if (!out) return null;
      const body = Buffer.from(await out.Body.transformToByteArray());
      return { body, contentType: out.ContentType ?? contentTypeOfKey(key), size: body.byteLength };
    },
    async open(key) {
      const out = await getObject(key);
      if (!out) return null;
      return {
        stream: out.Body.transformToWebStream() as ReadableStream<Uint8Array>,
        contentType: out.ContentType ?? contentTypeOfKey(key),
        size: out.ContentLength ?? 0,
      };
    },
    async delete(key) {
      assertKey(key);
      const [s3, { DeleteObjectCommand }] = await Promise.all([connect(), sdk()]);
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
/** A stored file as a stream (FileStore.open), or what `get` read for a store without it. */
export async function openFile(key: string): Promise<OpenedFile | null> {
  const s = fileStore();
  if (s.open) return s.open(key);
  const file = await s.get(key);
  return (
    file && {
      stream: new Blob([new Uint8Array(file.body)]).stream(),
      contentType: file.contentType,
      size: file.size,
    }
  );
}
/**
 * A stream into the store without holding it whole: written to a temporary file first, then
 * stored from it (putFileFrom) and the temporary file removed.
 */
export async function putFileStream(
  key: string,
  stream: ReadableStream<Uint8Array>,
  contentType: string,
): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), "crewdeck-put-"));
  try {
    const file = path.join(dir, "file");
    await pipeline(
      Readable.fromWeb(stream as NodeReadableStream<Uint8Array>),
      createWriteStream(file),
    );
    await putFileFrom(key, file, contentType);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A local file (a finished export) into the store, streamed where the store can. */
export async function putFileFrom(key: string, filePath: string, contentType: string) {
  const s = fileStore();
  if (s.putPath) return s.putPath(key, filePath, contentType);
  return s.put(key, await readFile(filePath), contentType);
}
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

/** A file to store under a key of ours (`newFileKey`) before the row that names it commits. */
export interface NewFile {
  key: string;
  bytes: Buffer;
  contentType: string;
}

/**
 * A stored file and the row that names it are one operation, for every verb that stores or
 * replaces a file (one that only drops a file removes it after its commit, with discardFile):
 *
 * 1. the new file is stored before `commit` runs, so no transaction holds its locks while the
 *    bytes travel to the store;
 * 2. `commit` runs the transaction that records it (and whatever it lets go);
 * 3. if the commit fails, the new file goes: no row names it;
 * 4. once it has committed, the files its result names as `released` go, best effort. A failed
 *    removal is logged and the answer stands: an orphaned file is better than a row pointing at
 *    nothing, and nothing after the commit can take the new file away from its row.
 *
 * So a verb returns what its transaction read (the answer is decided before the commit) and
 * does no store work of its own. `commit` must be a transaction of its own, not a savepoint
 * of a caller's: "committed" has to mean the row is there for good.
 */
export async function commitFileChange<T>(
  file: NewFile | null,
  commit: () => Promise<T>,
  released: (committed: T) => readonly (string | null | undefined)[] = () => [],
): Promise<T> {
  if (file) {
    try {
      await putFile(file.key, file.bytes, file.contentType);
    } catch (err) {
      // A store that failed half way may have kept a part of it.
      await discardFile(file.key);
      throw err;
    }
  }
  let committed: T;
  try {
    committed = await commit();
  } catch (err) {
    if (file) await discardFile(file.key);
    throw err;
  }
  try {
    const gone = released(committed).filter(
      (key): key is string => Boolean(key) && key !== file?.key,
    );
    await Promise.all(gone.map(discardFile));
  } catch (err) {
    console.error("[files] could not list the files a commit released", err);
  }
  return committed;
}
