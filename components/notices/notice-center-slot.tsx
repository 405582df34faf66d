"use client";
/**
 * The header's place for the notice center: empty for guests and visitors (nothing waits for them), and for a
 * registered player the center itself, from a chunk of its own — so no page's first load carries its panel for
 * everyone (e2e/match.spec.ts keeps the match page under its budget).
 *
 * @example
 *   <NoticeCenterSlot />   // app/layout.tsx, inside a NoticesProvider
 */
import { lazy, Suspense } from "react";
import { useNotices } from "./notices-provider";

const NoticeCenter = lazy(() => import("./notice-center").then((module) => ({ default: module.NoticeCenter })));

export function NoticeCenterSlot() {
  const { enabled } = useNotices();
  if (!enabled) return null;
  return (
    <Suspense fallback={null}>
      <NoticeCenter />
    </Suspense>
  );
}
