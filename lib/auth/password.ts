import { hash, verify } from "@node-rs/argon2";

// argon2id with the library's defaults (m=19456 KiB, t=2, p=1: OWASP's minimum profile).
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** Compared against when the e-mail is unknown, so timing does not reveal which addresses exist. */
export const DUMMY_HASH =
  "$argon2id$v=19$m=19456,t=2,p=1$lsl/26/ydjiXy3hbRPcrJA$6trt1RSxmLG8W/djZ6Zm2/pzChYfYNIosGobBE723wc";
