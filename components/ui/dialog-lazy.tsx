"use client";

import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
} from "react";

/*
 * A controlled dialog (components/ui/dialog.tsx) whose code, the Radix dialog with its focus
 * trap and portal (~10 KB gzipped), is fetched the first time it opens rather than with the
 * screen: for the confirmations of a list's rows, which most visits never open. Same props as
 * dialog.tsx's `Dialog` (controlled only: `open`, `onOpenChange`), `DialogContent`,
 * `DialogFooter` and `DialogClose`; the parts are drawn only inside the open dialog, so they
 * render the fetched components. Once fetched the dialog stays drawn, so closing animates.
 */

type DialogModule = typeof import("./dialog");

let loading: Promise<DialogModule> | null = null;
const loadDialog = () => (loading ??= import("./dialog"));

const Loaded = createContext<DialogModule | null>(null);
const useDialog = () => {
  const dialog = useContext(Loaded);
  if (!dialog) throw new Error("a dialog part outside a Dialog");
  return dialog;
};
/** The element that had focus when the dialog was asked for (see Dialog). */
const Opener = createContext<(() => HTMLElement | null) | null>(null);

export function Dialog({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
}) {
  const [dialog, setDialog] = useState<DialogModule | null>(null);
  // Without a DialogTrigger Radix has nothing to give focus back to on close: the element that
  // had focus when the dialog was asked for gets it back (DialogContent). A layout effect, so it
  // is read before the dialog's own focus moves in.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && !opener.current) opener.current = document.activeElement as HTMLElement | null;
  }, [open]);
  useEffect(() => {
    if (!open || dialog) return;
    let live = true;
    loadDialog().then(
      (m) => live && setDialog(m),
      () => (loading = null),
    );
    return () => {
      live = false;
    };
  }, [open, dialog]);
  if (!dialog) return null;
  const takeOpener = () => {
    const element = opener.current;
    opener.current = null;
    return element;
  };
  return (
    <Loaded.Provider value={dialog}>
      <Opener.Provider value={takeOpener}>
        <dialog.Dialog open={open} onOpenChange={onOpenChange}>
          {children}
        </dialog.Dialog>
      </Opener.Provider>
    </Loaded.Provider>
  );
}

export function DialogContent(props: ComponentProps<DialogModule["DialogContent"]>) {
  const { DialogContent } = useDialog();
  const takeOpener = useContext(Opener);
  return (
    <DialogContent
      {...props}
      onCloseAutoFocus={(e) => {
        props.onCloseAutoFocus?.(e);
        const back = takeOpener?.();
        if (e.defaultPrevented || !back?.isConnected) return;
        e.preventDefault();
        back.focus();
      }}
    />
  );
}

export function DialogFooter(props: ComponentProps<DialogModule["DialogFooter"]>) {
  const { DialogFooter } = useDialog();
  return <DialogFooter {...props} />;
}

export function DialogClose(props: ComponentProps<DialogModule["DialogClose"]>) {
  const { DialogClose } = useDialog();
  return <DialogClose {...props} />;
}
