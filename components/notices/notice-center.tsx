"use client";
/**
 * The header's notice center, beside the account menu (a registered player's pages only): a button with the count of
 * what waits for an answer — challenges for you, tournament matches ready, challenges of yours accepted — that opens a
 * panel listing them with their buttons and links, and your own challenges still waiting, with Withdraw. Escape or a
 * click elsewhere closes the panel. The state is the NoticesProvider's (root layout).
 *
 * @example
 *   <NoticeCenter />   // inside a NoticesProvider
 */
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { FormError } from "@/components/ui/form-error";
import { listen } from "@/components/ui/listen";
import { ReadyMatches, ReceivedChallenges, SentChallenges } from "./notice-items";
import { waitingCount } from "./notices-state";
import { useNotices } from "./notices-provider";
import "./notices.css";

export function NoticeCenter() {
  const t = useTranslations("notices");
  const notices = useNotices();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const away = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    return listen(document, { mousedown: away, keydown: escape });
  }, [open]);

  if (!notices.enabled) return null;
  const count = waitingCount(notices.state);
  const nothing = count === 0 && notices.state.sent.length === 0;
  return (
    <div className="notice-center" ref={root} data-testid="notice-center">
      <button
        type="button"
        ref={button}
        className="notice-button"
        aria-expanded={open}
        aria-controls={open ? "notice-panel" : undefined}
        onClick={() => setOpen((was) => !was)}
        data-testid="notice-button"
      >
        {t("button")}
        {count > 0 ? (
          <span className="notice-count" data-testid="notice-count">
            {count}
          </span>
        ) : null}
        {/* The name starts with what is seen ("Notices", the count) and ends with what it means, for a screen reader. */}
        <span className="visually-hidden"> {t("buttonLabel", { count })}</span>
      </button>
      <span className="visually-hidden" role="status">
        {count > 0 ? t("waiting", { count }) : ""}
      </span>
      {open ? (
        <div id="notice-panel" className="notice-panel" role="region" aria-label={t("title")} data-testid="notice-panel">
          {nothing ? <p className="muted">{t("empty")}</p> : null}
          <ReadyMatches testId="notice-matches" />
          <ReceivedChallenges testId="notice-received" />
          {notices.state.sent.length > 0 ? <p className="notice-label">{t("yours")}</p> : null}
          <SentChallenges testId="notice-sent" />
          <FormError error={notices.error} />
        </div>
      ) : null}
    </div>
  );
}
