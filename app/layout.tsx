import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { connection } from "next/server";
import { HIDE_AGREED_NOTICE } from "@/components/shell/cookie-flag";
import { CookieNotice } from "@/components/shell/cookie-notice";
import { Toaster } from "@/components/ui/toaster";
import "./globals.css";

export const metadata: Metadata = {
  title: { template: "%s · Crewdeck", default: "Crewdeck" },
  description: "Crewdeck: staffing and crew booking for events, venues and festivals.",
  applicationName: "Crewdeck",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#4f46e5" };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page carries a fresh CSP nonce (proxy.ts) on its scripts, so none may be prerendered.
  await connection();
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <html lang="en">
      <body className="min-h-dvh bg-gray-50 text-gray-900 antialiased">
        {children}
        {/* Spec §2 "Root view": on every screen, the public ones included. */}
        <CookieNotice />
        {/* Browsers hide a nonce from the DOM, so hydration sees "" where the server wrote it. */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: HIDE_AGREED_NOTICE }}
        />
        <Toaster />
      </body>
    </html>
  );
}
