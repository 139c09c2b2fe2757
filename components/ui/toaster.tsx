"use client";

import { lazy, Suspense, useSyncExternalStore, type ReactNode } from "react";
import type { ExternalToast, ToasterProps } from "sonner";

/** spec §9: toast timers run 0.7–3 s; the shared helper's default is 800 ms. */
export const TOAST_SUCCESS_MS = 800;
/** Errors stay longer so they can be read. */
export const TOAST_ERROR_MS = 3000;

/*
 * sonner (~9 KB gzipped) is not part of any page's first load: it is fetched with the first
 * toast. The Toaster mounts sonner's once a toast has been asked for, and sonner hands a toast
 * created before its Toaster subscribed to it on subscription, so nothing is lost on the way.
 */
const loadSonner = () => import("sonner");
// React.lazy rather than next/dynamic: next/dynamic's loader would itself join every first load.
const SonnerToaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

let wanted = false;
const listeners = new Set<() => void>();
function want() {
  if (wanted) return;
  wanted = true;
  listeners.forEach((l) => l());
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Mount once in the root layout. */
export function Toaster(props: ToasterProps) {
  const shown = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        richColors
        closeButton
        position="top-right"
        duration={TOAST_SUCCESS_MS}
        toastOptions={{ closeButtonAriaLabel: "Close" }}
        {...props}
      />
    </Suspense>
  );
}

/** sonner's per-toast options (position, description, id, action, …). */
export type NotifyOptions = ExternalToast;

function options(
  msOrOptions: number | NotifyOptions | undefined,
  extra: NotifyOptions | undefined,
  fallbackMs: number,
): ExternalToast {
  if (typeof msOrOptions === "number") return { ...extra, duration: msOrOptions };
  const merged = { ...msOrOptions, ...extra };
  return { ...merged, duration: merged.duration ?? fallbackMs };
}

type Kind = "success" | "error" | "info" | "warning";

function show(kind: Kind, message: ReactNode, opts: ExternalToast): void {
  want();
  loadSonner()
    .then(({ toast }) => toast[kind](message, opts))
    // The chunk could not be fetched (offline): the message must still reach the user.
    .catch(() => window.alert(typeof message === "string" ? message : "An error has occurred"));
}

/**
 * The shared toast helper with the spec's timers:
 *   notify.success("Job deleted successfully")                       // 800 ms
 *   notify.success("Invite send successfully", 1300, { position: "top-right" })
 *   notify.error(result.message)                                     // 3000 ms
 *   notify.error("A network error has occurred", { position: "bottom-center" })
 */
export const notify = {
  success(message: ReactNode, ms?: number | NotifyOptions, opts?: NotifyOptions) {
    show("success", message, options(ms, opts, TOAST_SUCCESS_MS));
  },
  error(message: ReactNode, ms?: number | NotifyOptions, opts?: NotifyOptions) {
    show("error", message, options(ms, opts, TOAST_ERROR_MS));
  },
  info(message: ReactNode, ms?: number | NotifyOptions, opts?: NotifyOptions) {
    show("info", message, options(ms, opts, TOAST_SUCCESS_MS));
  },
  warning(message: ReactNode, ms?: number | NotifyOptions, opts?: NotifyOptions) {
    show("warning", message, options(ms, opts, TOAST_ERROR_MS));
  },
};
