import { describe, expect, it } from "vitest";
import { REMEMBER_DEVICE_DAYS } from "@/lib/services/auth/tokens";
import { rememberCookieOptions } from "./remember-cookie";

describe("remember-device cookie", () => {
  it("is httpOnly and SameSite=Strict, kept as long as the token lives", () => {
    expect(rememberCookieOptions("http://localhost:3000")).toEqual({
      httpOnly: true,
      sameSite: "strict",
      secure: false,
      path: "/",
      maxAge: REMEMBER_DEVICE_DAYS * 86_400,
    });
  });

  it("is Secure when the app's public address is https", () => {
    expect(rememberCookieOptions("https://crew.example.com").secure).toBe(true);
  });
});
