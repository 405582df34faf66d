"use client";
/**
 * A button that copies a text (a gnubg Position ID or Match ID) to the clipboard and says so for a moment; where the
 * clipboard is not available (an insecure origin) it says to select the text instead.
 *
 * @example
 *   <CopyButton text="4HPwATDgc/ABMA" label="Copy the Position ID" />
 */
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";

type State = "idle" | "copied" | "failed";

export function CopyButton({ text, label }: { text: string; label: string }) {
  const t = useTranslations("review");
  const [state, setState] = useState<State>("idle");

  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
  };

  return (
    <button type="button" className="copy-button" onClick={() => void copy()} aria-label={label} title={label}>
      {state === "copied" ? t("copied") : state === "failed" ? t("copyFailed") : t("copy")}
    </button>
  );
}
