"use client";
// A modal dialog on the native <dialog>: showModal() makes the rest of the page inert,
// traps focus and moves it into the dialog (to the control marked data-autofocus, else
// the first one; React's autoFocus fires before the dialog opens, too early); Escape and the close button close it, and focus returns to whatever
// opened it. role=dialog and aria-modal come with the element; the title labels it.
import { X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";

export function Modal({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose(): void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    element.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    // Escape closes the element natively; the owner then unmounts it.
    const onNativeClose = () => close.current();
    element.addEventListener("close", onNativeClose);
    return () => {
      element.removeEventListener("close", onNativeClose);
      if (element.open) element.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog ref={dialog} className="modal" aria-labelledby={titleId}>
      <div className="modal-head">
        <h2 id={titleId}>{title}</h2>
        <button
          type="button"
          className="icon-button"
          aria-label="Close"
          title="Close (Esc)"
          onClick={onClose}
        >
          <X size={20} aria-hidden="true" />
        </button>
      </div>
      {children}
    </dialog>
  );
}
