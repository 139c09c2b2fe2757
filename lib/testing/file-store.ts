import { readdir } from "node:fs/promises";
import path from "node:path";
import type { FileStore } from "@/lib/files/storage";

/**
 * A store whose removals fail (the store is down, or refuses), over a working one: what a
 * verb does when the clean-up after its commit breaks. Puts and reads still work, so the
 * test can look at what stayed. `meanwhile` runs first, for whatever else happens after the
 * commit (another request changing the rows a late read would see).
 */
export function storeWithFailingDeletes(
  base: FileStore,
  meanwhile?: (key: string) => Promise<unknown>,
): FileStore & { deleteCalls: string[] } {
  const deleteCalls: string[] = [];
  return {
    put: (key, bytes, type) => base.put(key, bytes, type),
    get: (key) => base.get(key),
    delete: async (key) => {
      deleteCalls.push(key);
      await meanwhile?.(key);
      throw new Error("storage is down");
    },
    deleteCalls,
  };
}

/** The keys stored under `folder` of a local store's directory (none when it is absent). */
export async function storedKeys(dir: string, folder: string): Promise<string[]> {
  try {
    return (await readdir(path.join(dir, folder))).map((f) => `${folder}/${f}`).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
}
