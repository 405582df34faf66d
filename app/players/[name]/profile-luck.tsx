/**
 * A profile's dice luck: how many turn rolls the player had in public finished matches, their doubles against the
 * fair sixth (with its 95% interval and the verdict lib/dice/luck.ts gives) and their pips per roll against the fair
 * 8.17 — or that there are no rolls yet.
 *
 * @example
 *   <ProfileLuck name={profile.username} luck={profile.luck} />
 */
import { getFormatter, getTranslations } from "next-intl/server";
import { EXPECTED_DOUBLES_RATE, EXPECTED_PIPS_PER_ROLL, type DiceLuck } from "@/lib/dice/luck";

/** The message key (`profile.verdict.<key>`) of each dice-luck verdict (lib/dice/luck.ts). */
const VERDICT_KEYS = {
  "as expected": "asExpected",
  "more doubles": "moreDoubles",
  "fewer doubles": "fewerDoubles",
  "too few rolls": "tooFewRolls",
} as const;

export async function ProfileLuck({ name, luck }: { readonly name: string; readonly luck: DiceLuck }) {
  const [t, format] = await Promise.all([getTranslations("profile"), getFormatter()]);
  /** 0.1667 → "16.7%" / "16,7%" / "16,7 %": one decimal, the locale's percent sign and spacing. */
  const percent = (value: number) => format.number(value, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <>
      <h2>{t("luck.title")}</h2>
      <p className="muted">{t("luck.intro", { name })}</p>
      {luck.rolls === 0 ? (
        <p className="muted" data-testid="profile-luck">
          {t("luck.noRolls")}
        </p>
      ) : (
        <dl className="profile-facts" data-testid="profile-luck">
          <dt>{t("luck.rolls")}</dt>
          <dd>{format.number(luck.rolls)}</dd>
          <dt>{t("luck.doubles")}</dt>
          <dd>
            {t("luck.doublesLine", {
              doubles: luck.doubles,
              rate: percent(luck.doublesRate ?? 0),
              fair: percent(EXPECTED_DOUBLES_RATE),
              low: percent(luck.interval.low),
              high: percent(luck.interval.high),
              verdict: t(`verdict.${VERDICT_KEYS[luck.verdict]}`),
            })}
          </dd>
          <dt>{t("luck.pips")}</dt>
          <dd>
            {t("luck.pipsLine", {
              pips: format.number(luck.pipsPerRoll ?? 0, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
              fair: format.number(EXPECTED_PIPS_PER_ROLL, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
            })}
          </dd>
        </dl>
      )}
    </>
  );
}
