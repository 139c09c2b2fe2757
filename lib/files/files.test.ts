import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import sharp from "sharp";
import { contentTypeOfKey, isSafeKey, newFileKey } from "./keys";
import {
  commitFileChange,
  getFile,
  localStore,
  putFileStream,
  s3Store,
  setFileStore,
  type FileStore,
} from "./storage";
import { storeWithFailingDeletes, storedKeys } from "@/lib/testing/file-store";
import { FILE_REQUIRED, IMAGE_UPLOAD, checkBytes, checkUpload } from "./upload";
import { ValidationError } from "@/lib/services/errors";

let dir: string;
let store: FileStore;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "crewdeck-files-"));
  store = localStore(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const PDF = Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n");
const png = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: "#3366ff" } })
    .png()
    .toBuffer();

async function validationOf(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ValidationError);
  return err as ValidationError;
}

describe("storage keys", () => {
  it("are generated: folder, uuid and extension", () => {
    const key = newFileKey("avatars", "webp");
    expect(key).toMatch(/^avatars\/[0-9a-f-]{36}\.webp$/);
    expect(isSafeKey(key)).toBe(true);
    expect(newFileKey("avatars", "webp")).not.toBe(key);
    expect(contentTypeOfKey(key)).toBe("image/webp");
  });

  it.each([
    "../etc/passwd",
    "avatars/../../secret.webp",
    "/abs/00000000-0000-0000-0000-000000000000.webp",
    "avatars\\00000000-0000-0000-0000-000000000000.webp",
    "avatars/photo.png",
    "00000000-0000-0000-0000-000000000000.webp",
    "",
  ])("refuses the unsafe key %j", (key) => {
    expect(isSafeKey(key)).toBe(false);
  });

  it("a folder that would make an unsafe key is refused", () => {
    expect(() => newFileKey("../up", "png")).toThrow();
  });
});

describe("local store", () => {
  it("puts, gets and deletes a file under its folder", async () => {
    const key = newFileKey("avatars", "png");
    const bytes = await png();
    await store.put(key, bytes, "image/png");
    expect(await readdir(path.join(dir, "avatars"))).toContain(key.split("/")[1]);
    const got = await store.get(key);
    expect(got).toEqual({ body: bytes, contentType: "image/png", size: bytes.byteLength });
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it("opens a file as a stream that reads to its end even when the file goes meanwhile", async () => {
    const key = newFileKey("statistics", "xlsx");
    // Three reads of 512 kB and a rest, each byte telling its place.
    const bytes = Buffer.from(
      Array.from({ length: 1_300_000 }, (_, i) => (i * 7 + (i >> 16)) % 251),
    );
    await store.put(key, bytes, "ignored: the key says");
    const opened = (await store.open!(key))!;
    expect([opened.size, opened.contentType]).toEqual([
      1_300_000,
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ]);
    await store.delete(key);
    expect(Buffer.from(await new Response(opened.stream).arrayBuffer()).equals(bytes)).toBe(true);
    expect(await store.open!(key)).toBeNull();
    await expect(store.open!("../x.xlsx")).rejects.toThrow("Unsafe");
  });

  it("opens an empty and a tiny file, and closes a file whose reader gives up", async () => {
    const handles = () => process.getActiveResourcesInfo().filter((r) => r === "FileHandle").length;
    const before = handles();
    const empty = newFileKey("statistics", "xlsx");
    await store.put(empty, Buffer.alloc(0), "x");
    const none = (await store.open!(empty))!;
    expect(none.size).toBe(0);
    expect((await new Response(none.stream).arrayBuffer()).byteLength).toBe(0);
    // A few bytes: their chunk is never a slice of Buffer's shared pool, which the byte stream
    // would take over (detaching every small Buffer allocated from it).
    const tiny = newFileKey("statistics", "xlsx");
    await store.put(tiny, Buffer.from("abc"), "x");
    const pooled = Buffer.from("still here");
    expect(await new Response((await store.open!(tiny))!.stream).text()).toBe("abc");
    expect(pooled.toString()).toBe("still here");
    const big = newFileKey("statistics", "xlsx");
    await store.put(big, Buffer.alloc(2_000_000, 1), "x");
    const reader = (await store.open!(big))!.stream.getReader();
    expect((await reader.read()).value?.byteLength).toBe(512 * 1024);
    await reader.cancel();
    await new Promise((r) => setTimeout(r, 20));
    expect(handles()).toBe(before);
  });

  it("stores a stream without a caller holding it whole (putFileStream)", async () => {
    setFileStore(store);
    try {
      const key = newFileKey("statistics", "xlsx");
      const bytes = Buffer.alloc(300_000, 3);
      await putFileStream(key, new Blob([bytes]).stream(), "ignored");
      expect((await store.get(key))!.body.equals(bytes)).toBe(true);
      await store.delete(key);
    } finally {
      setFileStore(undefined);
    }
  });

  it("refuses unsafe keys on every verb", async () => {
    await expect(store.put("../x.png", PDF, "application/pdf")).rejects.toThrow("Unsafe");
    await expect(store.get("../../etc/passwd")).rejects.toThrow("Unsafe");
    await expect(store.delete("avatars/../../x")).rejects.toThrow("Unsafe");
  });
});

describe("upload sniffing", () => {
  it("accepts a PNG by its bytes", async () => {
    const res = await checkBytes(await png(), IMAGE_UPLOAD);
    expect(res).toMatchObject({ mime: "image/png", ext: "png" });
  });

  it("refuses PDF bytes sent as photo.png with image/png", async () => {
    const file = new File([PDF], "photo.png", { type: "image/png" });
    const err = await validationOf(checkUpload(file, IMAGE_UPLOAD));
    expect(err.status).toBe(422);
    expect(err.errors).toEqual({ file: ["The file must be an image (JPEG, PNG or WebP)."] });
  });

  it("refuses a file over 5 MB before reading it", async () => {
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.jpg", { type: "image/jpeg" });
    const err = await validationOf(checkUpload(big, IMAGE_UPLOAD));
    expect(err.errors).toEqual({ file: ["The file may not be larger than 5 MB."] });
  });

  it("refuses a missing or empty file and a text value", async () => {
    for (const v of [undefined, "just text", new File([], "empty.png")]) {
      const err = await validationOf(checkUpload(v, IMAGE_UPLOAD));
      expect(err.errors).toEqual({ file: [FILE_REQUIRED] });
    }
  });
});

describe("S3 store", () => {
  it("sends Put/Get/Delete object commands to the bucket, and reads a missing key as null", async () => {
    const sent: { name: string; input: Record<string, unknown> }[] = [];
    const objects = new Map<string, { bytes: Buffer; type: string }>();
    const client = {
      async send(cmd: { constructor: { name: string }; input: Record<string, unknown> }) {
        sent.push({ name: cmd.constructor.name, input: cmd.input });
        const key = cmd.input.Key as string;
        if (cmd.constructor.name === "PutObjectCommand")
          objects.set(key, {
            bytes: cmd.input.Body as Buffer,
            type: cmd.input.ContentType as string,
          });
        if (cmd.constructor.name === "DeleteObjectCommand") objects.delete(key);
        if (cmd.constructor.name === "GetObjectCommand") {
          const o = objects.get(key);
          if (!o) throw Object.assign(new Error("missing"), { name: "NoSuchKey" });
          return {
            ContentType: o.type,
            ContentLength: o.bytes.byteLength,
            Body: {
              transformToByteArray: async () => new Uint8Array(o.bytes),
              transformToWebStream: () => new Blob([new Uint8Array(o.bytes)]).stream(),
            },
          };
        }
        return {};
      },
    };
    const s3 = s3Store({ bucket: "crewdeck" }, client as never);
    const key = newFileKey("avatars", "webp");
    await s3.put(key, Buffer.from("abc"), "image/webp");
    expect(await s3.get(key)).toEqual({
      body: Buffer.from("abc"),
      contentType: "image/webp",
      size: 3,
    });
    const opened = (await s3.open!(key))!;
    expect([opened.size, opened.contentType]).toEqual([3, "image/webp"]);
    expect(await new Response(opened.stream).text()).toBe("abc");
    await s3.delete(key);
    expect(await s3.get(key)).toBeNull();
    expect(await s3.open!(key)).toBeNull();
    expect(sent.map((s) => [s.name, s.input.Bucket, s.input.Key])).toEqual([
      ["PutObjectCommand", "crewdeck", key],
      ["GetObjectCommand", "crewdeck", key],
      ["GetObjectCommand", "crewdeck", key],
      ["DeleteObjectCommand", "crewdeck", key],
      ["GetObjectCommand", "crewdeck", key],
      ["GetObjectCommand", "crewdeck", key],
    ]);
    await expect(s3.get("../x")).rejects.toThrow("Unsafe");
  });
});

describe("commitFileChange: a stored file and the row that names it", () => {
  const folder = "commits";
  const newFile = (text: string) => ({
    key: newFileKey(folder, "pdf"),
    bytes: Buffer.from(text),
    contentType: "application/pdf",
  });
  afterEach(() => {
    setFileStore(undefined);
    vi.restoreAllMocks();
  });

  it("stores the new file before the commit runs, then removes the replaced one", async () => {
    setFileStore(store);
    const old = newFile("old");
    await store.put(old.key, old.bytes, old.contentType);
    const next = newFile("new");
    const result = await commitFileChange(
      next,
      async () => {
        // The commit may rely on the file being there already.
        expect((await getFile(next.key))?.body.toString()).toBe("new");
        return { id: 7, oldKey: old.key };
      },
      (r) => [r.oldKey, null],
    );
    expect(result).toEqual({ id: 7, oldKey: old.key });
    expect(await store.get(old.key)).toBeNull();
    expect((await store.get(next.key))?.body.toString()).toBe("new");
  });

  it("a commit that fails leaves no new file behind and keeps the old one", async () => {
    setFileStore(store);
    const old = newFile("old");
    await store.put(old.key, old.bytes, old.contentType);
    const before = await storedKeys(dir, folder);
    const next = newFile("new");
    const released = vi.fn(() => [old.key]);
    await expect(
      commitFileChange(
        next,
        async () => {
          throw new Error("serialization failure");
        },
        released,
      ),
    ).rejects.toThrow("serialization failure");
    expect(await storedKeys(dir, folder)).toEqual(before);
    expect(await store.get(next.key)).toBeNull();
    expect(await store.get(old.key)).not.toBeNull();
    expect(released).not.toHaveBeenCalled();
  });

  it("a replaced file that cannot be removed after the commit is logged; the answer and the new file stand", async () => {
    const failing = storeWithFailingDeletes(store);
    setFileStore(failing);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const old = newFile("old");
    await store.put(old.key, old.bytes, old.contentType);
    const next = newFile("new");
    const result = await commitFileChange(
      next,
      async () => ({ view: { file_name: "new.pdf" }, oldKey: old.key }),
      (r) => [r.oldKey],
    );
    expect(result.view).toEqual({ file_name: "new.pdf" });
    expect(failing.deleteCalls).toEqual([old.key]);
    expect((await store.get(next.key))?.body.toString()).toBe("new");
    // An orphan, found through the log, rather than a row pointing at nothing.
    expect(await store.get(old.key)).not.toBeNull();
    expect(logged).toHaveBeenCalledWith(`[files] could not remove ${old.key}`, expect.any(Error));
  });

  it("never removes the new file after the commit, even when the commit names it as released", async () => {
    setFileStore(store);
    const next = newFile("new");
    await commitFileChange(
      next,
      async () => next.key,
      (key) => [key],
    );
    expect(await store.get(next.key)).not.toBeNull();
  });

  it("a store that refuses the new file: the commit never runs", async () => {
    setFileStore({
      ...store,
      put: async () => {
        throw new Error("bucket is full");
      },
    });
    const commit = vi.fn(async () => 1);
    await expect(commitFileChange(newFile("x"), commit)).rejects.toThrow("bucket is full");
    expect(commit).not.toHaveBeenCalled();
  });
});
