"use client";
/**
 * The list of the match page's keyboard shortcuts (lib/play/shortcuts.ts), folded under a summary; "?" opens and closes
 * it from anywhere on the page.
 *
 * @example
 *   <ShortcutsHelp open={open} onToggle={setOpen} />
 */
import { useTranslations } from "next-intl";
import { SHORTCUT_KEYS, type Shortcut } from "@/lib/play/shortcuts";

const LISTED: readonly Shortcut[] = ["roll", "double", "take", "drop", "confirm", "undo", "board", "next", "help"];

export function ShortcutsHelp({ open, onToggle }: { open: boolean; onToggle: (open: boolean) => void }) {
  const t = useTranslations("play.shortcuts");
  return (
    <details className="shortcuts-help" open={open} onToggle={(event) => onToggle(event.currentTarget.open)} data-testid="shortcuts-help">
      <summary aria-keyshortcuts="?">{t("title")}</summary>
      <dl>
        {LISTED.map((shortcut) => (
          <div key={shortcut}>
            <dt>
              {SHORTCUT_KEYS[shortcut].map((key, i) => (
                <span key={key}>
                  {i > 0 ? " / " : null}
                  <kbd>{key === "Backspace" ? "⌫" : key === "Enter" ? "↵" : key}</kbd>
                </span>
              ))}
            </dt>
            <dd>{t(shortcut)}</dd>
          </div>
        ))}
      </dl>
      <p className="muted">{t("note")}</p>
    </details>
  );
}
