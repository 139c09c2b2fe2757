"use client";

import type { ReactNode } from "react";
import { Toaster as SonnerToaster, toast, type ExternalToast, type ToasterProps } from "sonner";

export { toast };

/** spec §9: toast timers run 0.7–3 s; the shared helper's default is 800 ms. */
export const TOAST_SUCCESS_MS = 800;
/** Errors stay longer so they can be read. */
export const TOAST_ERROR_MS = 3000;

/** Mount once in the root layout. */
export function Toaster(props: ToasterProps) {
  return (
    <SonnerToaster
      richColors
      closeButton
      position="top-right"
      duration={TOAST_SUCCESS_MS}
      toastOptions={{ closeButtonAriaLabel: "Close" }}
      {...props}
    />
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

/**
 * The shared toast helper with the spec's timers:
 *   notify.success("Job deleted successfully")                       // 800 ms
 *   notify.success("Invite send successfully", 1300, { position: "top-right" })
 *   notify.error(result.message)                                     // 3000 ms
 *   notify.error("A network error has occurred", { position: "bottom-center" })
 */
export const notify = {
  success(message: ReactNode, ms?: number | NotifyOptions, opts?: NotifyOptions) {
    return toast.success(message, options(ms, opts, TOAST_SUCCESS_MS));
  },
  error(message: ReactNode, ms?: number | NotifyOptions, opts?: NotifyOptions) {
    return toast.error(message, options(ms, opts, TOAST_ERROR_MS));
  },
  info(message: ReactNode, ms?: number | NotifyOptions, opts?: NotifyOptions) {
    return toast.info(message, options(ms, opts, TOAST_SUCCESS_MS));
  },
  warning(message: ReactNode, ms?: number | NotifyOptions, opts?: NotifyOptions) {
    return toast.warning(message, options(ms, opts, TOAST_ERROR_MS));
  },
};
