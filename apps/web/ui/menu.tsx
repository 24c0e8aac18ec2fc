"use client";
// One menu for the app (the WAI-ARIA menu button pattern): a button that opens a list
// of actions. Opening focuses the first item; ↑/↓/Home/End move between items; Escape,
// Tab or a click elsewhere closes it, and focus goes back to the button before an
// item's action runs (so a dialog it opens returns focus there when closed).
import { type ReactNode, useEffect, useId, useRef, useState } from "react";

export interface MenuItem {
  label: string;
  onSelect(): void;
  /** Shown in the danger colour (Move to trash, Delete…). */
  danger?: boolean;
}

export function Menu({
  label,
  icon,
  items,
}: {
  /** The button's accessible name (and tooltip). */
  label: string;
  icon: ReactNode;
  items: MenuItem[];
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const id = useId();
  useEffect(() => {
    if (!open) return;
    itemsOf(list.current)[0]?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!list.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    const all = itemsOf(list.current);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const go = (index: number) => all[(index + all.length) % all.length]?.focus();
    if (event.key === "ArrowDown") go(at + 1);
    else if (event.key === "ArrowUp") go(at - 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(all.length - 1);
    else if (event.key === "Escape") close();
    else if (event.key === "Tab") setOpen(false);
    else return;
    if (event.key !== "Tab") event.preventDefault();
    // Escape here must not also close a dialog around the menu, or act as a shortcut.
    event.stopPropagation();
  };
  return (
    <div className="menu">
      <button
        ref={button}
        type="button"
        className="icon-button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        {icon}
      </button>
      {open && (
        <div
          ref={list}
          id={id}
          role="menu"
          aria-label={label}
          className="menu-list"
          onKeyDown={onKeyDown}
        >
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={item.danger ? "menu-item danger-text" : "menu-item"}
              onClick={() => {
                close();
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

function itemsOf(list: HTMLElement | null): HTMLElement[] {
  return [...(list?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? [])];
}
