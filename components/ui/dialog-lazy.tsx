"use client";

import {
  createContext,
  useContext,
  useEffect,
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
  return (
    <Loaded.Provider value={dialog}>
      <dialog.Dialog open={open} onOpenChange={onOpenChange}>
        {children}
      </dialog.Dialog>
    </Loaded.Provider>
  );
}

export function DialogContent(props: ComponentProps<DialogModule["DialogContent"]>) {
  const { DialogContent } = useDialog();
  return <DialogContent {...props} />;
}

export function DialogFooter(props: ComponentProps<DialogModule["DialogFooter"]>) {
  const { DialogFooter } = useDialog();
  return <DialogFooter {...props} />;
}

export function DialogClose(props: ComponentProps<DialogModule["DialogClose"]>) {
  const { DialogClose } = useDialog();
  return <DialogClose {...props} />;
}
