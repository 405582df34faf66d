/**
 * A player's rating history as an SVG line, rendered on the server (no script): one point per rated match, the
 * geometry from lib/rating/rating-chart.ts. Accessible: the SVG is an image with a title and a description that says
 * in words what the line shows, and each point has its own title (the rating after that match), in the reader's
 * language and number format (`profile.chart` in messages/<locale>.json).
 *
 * @example
 *   <RatingChart username="ada" ratings={[1500, 1522.4, 1504.4]} />
 */
import { getFormatter, getTranslations } from "next-intl/server";
import { dateTickIndexes, ratingChart } from "@/lib/rating/rating-chart";
import { formatRating } from "./rating-delta";
import "./players.css";

const BOX = { width: 640, height: 236, padding: 36 };

/**
 * `ratings`: the rating before the first rated match, then after each; `dates`: when each of those matches ended (one
 * fewer than the ratings), for the dates under the axis.
 */
export async function RatingChart({ username, ratings, dates = [] }: { readonly username: string; readonly ratings: readonly number[]; readonly dates?: readonly Date[] }) {
  const [t, format] = await Promise.all([getTranslations("profile.chart"), getFormatter()]);
  const r = (rating: number) => formatRating(format, rating);
  const chart = ratingChart(ratings, BOX);
  const first = ratings[0] ?? 0;
  const last = ratings.at(-1) ?? 0;
  const matches = ratings.length - 1;
  const description =
    matches === 0
      ? t("none", { name: username, rating: r(first) })
      : t("description", { name: username, matches, first: r(first), last: r(last), lowest: r(Math.min(...ratings)), highest: r(Math.max(...ratings)) });
  return (
    <svg
      className="rating-chart"
      viewBox={`0 0 ${BOX.width} ${BOX.height}`}
      role="img"
      aria-labelledby="rating-chart-title rating-chart-desc"
      data-testid="rating-chart"
    >
      <title id="rating-chart-title">{t("title", { name: username })}</title>
      <desc id="rating-chart-desc">{description}</desc>
      {chart.yTicks.map((tick) => (
        <g key={tick.value} className="rating-chart-grid">
          <line x1={BOX.padding} x2={BOX.width - BOX.padding} y1={tick.y} y2={tick.y} />
          <text x={BOX.padding - 6} y={tick.y + 4} textAnchor="end">
            {tick.value}
          </text>
        </g>
      ))}
      <path d={chart.path} className="rating-chart-line" fill="none" />
      {/* Dates under the axis: point i + 1 is the rating after the match that ended on dates[i]. */}
      {dateTickIndexes(dates.length).map((i) => {
        const point = chart.points[i + 1];
        const date = dates[i];
        if (!point || !date) return null;
        return (
          <text key={`date-${i}`} className="rating-chart-date" x={point.x} y={BOX.height - 8} textAnchor="middle">
            {format.dateTime(date, { day: "numeric", month: "short", timeZone: "UTC" })}
          </text>
        );
      })}
      {chart.points.map((point, i) => (
        <circle key={i} cx={point.x} cy={point.y} r={3} className="rating-chart-point">
          <title>{i === 0 ? t("start", { rating: r(point.rating) }) : t("after", { number: i, rating: r(point.rating) })}</title>
        </circle>
      ))}
    </svg>
  );
}
