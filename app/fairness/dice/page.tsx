import { getFormatter, getTranslations } from "next-intl/server";
import { metaTitle } from "@/components/i18n/meta-title";
import { DiceStatsPanel, pValueText } from "@/components/admin/dice-stats-panel";
import type { ChiSquareTest } from "@/lib/dice/dice-stats";
import { EXPECTED_PIPS_PER_ROLL, MIN_ROLLS, type DiceLuck } from "@/lib/dice/luck";
import { getDb } from "@/server/db/client";
import { diceRecordCache, LUCK_PLAYERS_LISTED } from "@/server/fairness/dice-record";
import { ColumnHeads } from "@/components/ui/column-heads";
import "@/components/ui/ui.css";
import "../markdown.css";

export const dynamic = "force-dynamic";

export const generateMetadata = metaTitle("diceRecord");

const VERDICT_KEYS: Readonly<Record<DiceLuck["verdict"], string>> = {
  "as expected": "asExpected",
  "more doubles": "moreDoubles",
  "fewer doubles": "fewerDoubles",
  "too few rolls": "tooFewRolls",
};

const pValue = (test: ChiSquareTest | null) => (test ? pValueText(test.pValue) : "—");

const percent = (rate: number | null) => (rate === null ? "—" : `${(rate * 100).toFixed(2)} %`);

/**
 * The public dice record: site-wide statistics over every roll of every finished public match (server/fairness/
 * dice-record.ts, cached for a minute), by month, each active player's luck, and the whole dataset to download.
 */
export default async function DiceRecordPage() {
  const [t, format, record] = await Promise.all([getTranslations("diceRecord"), getFormatter(), diceRecordCache(getDb()).get()]);
  const { overall } = record;
  return (
    <article className="doc-page dice-record">
      <h1>{t("title")}</h1>
      <p data-testid="dice-record-intro">{t("intro", { rolls: overall.rolls, matches: record.matches })}</p>
      <p className="muted">{t("computed", { at: format.dateTime(record.computedAt, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) })}</p>
      {overall.rolls === 0 ? (
        <p>{t("none")}</p>
      ) : (
        <>
          <DiceStatsPanel stats={overall} />
          <p>{t("howToRead")}</p>
          <h2>{t("monthsTitle")}</h2>
          <table className="stats-table" data-testid="dice-months">
            <caption>{t("monthsCaption")}</caption>
            <ColumnHeads labels={[t("month"), t("rolls"), t("doubles"), t("facesP"), t("outcomesP")]} />
            <tbody>
              {record.months.map(({ month, stats }) => (
                <tr key={month}>
                  <th scope="row">{month}</th>
                  <td>{stats.rolls}</td>
                  <td>
                    {stats.doubles.count} ({percent(stats.doubles.rate)})
                  </td>
                  <td>{pValue(stats.faceTest)}</td>
                  <td>{pValue(stats.outcomeTest)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2>{t("playersTitle")}</h2>
          <p>
            {t("playersIntro", { pips: EXPECTED_PIPS_PER_ROLL.toFixed(2), outside: record.luckOutliers.outside, players: record.luckOutliers.players, min: MIN_ROLLS })}
          </p>
          <table className="stats-table" data-testid="dice-players">
            <caption>{t("playersCaption", { count: LUCK_PLAYERS_LISTED })}</caption>
            <ColumnHeads labels={[t("player"), t("turnRolls"), t("rate"), t("interval"), t("pips"), t("reading")]} />
            <tbody>
              {record.players.map((player) => (
                <tr key={player.username}>
                  <th scope="row">
                    <a href={`/players/${encodeURIComponent(player.username)}`}>{player.username}</a>
                  </th>
                  <td>{player.rolls}</td>
                  <td>{percent(player.doublesRate)}</td>
                  <td>
                    {percent(player.interval.low)} – {percent(player.interval.high)}
                  </td>
                  <td>{player.pipsPerRoll === null ? "—" : player.pipsPerRoll.toFixed(2)}</td>
                  <td>{t(`verdict.${VERDICT_KEYS[player.verdict]}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <h2>{t("downloadTitle")}</h2>
      <p>
        {t("download")} <a href="/api/fairness/dice.csv" download data-testid="dice-csv">{t("csv")}</a> · <a href="/api/fairness/dice.json" download>{t("json")}</a>
      </p>
      <p className="muted">{t("filterHint")}</p>
      <p>
        <a href="/fairness">{t("back")}</a>
      </p>
    </article>
  );
}
