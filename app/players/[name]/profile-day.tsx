/**
 * A day on a player's profile: the date in the reader's format, its UTC day as the machine-readable value (the same
 * day on every server and in every time zone).
 *
 * @example
 *   <ProfileDay date={profile.memberSince} />
 */
import { getFormatter } from "next-intl/server";
import { utcDay } from "@/components/admin/format-time";

export async function ProfileDay({ date }: { readonly date: Date }) {
  const format = await getFormatter();
  return <time dateTime={utcDay(date)}>{format.dateTime(date, { dateStyle: "medium", timeZone: "UTC" })}</time>;
}
