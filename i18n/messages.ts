/**
 * The message files, one per language (messages/<locale>.json, ICU message syntax). English is the reference: a
 * test (tests/i18n/messages.test.ts) fails when another file lacks one of its keys, has one it lacks, or uses other
 * {arguments}.
 */
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";
import ptBR from "@/messages/pt-BR.json";
import type { Locale } from "./locales";

export type Messages = typeof en;

export const MESSAGES: Record<Locale, Messages> = { en, "pt-BR": ptBR, fr };
