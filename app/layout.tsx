import type { Metadata, Viewport } from "next";
import { Toaster } from "@/components/ui/toaster";
import "./globals.css";

export const metadata: Metadata = {
  title: { template: "%s · Crewdeck", default: "Crewdeck" },
  description: "Crewdeck: staffing and crew booking for events, venues and festivals.",
  applicationName: "Crewdeck",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#4f46e5" };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-dvh bg-gray-50 text-gray-900 antialiased">
        {children}
        <Toaster />
      </body>
    </html>
  );
}
