/**
 * A bar chart as inline SVG, rendered on the server (no script): one bar per category with its count above it, and a
 * dashed mark at the count fair dice would give on average. Used for the six faces and the 21 outcomes.
 *
 * @example
 *   <DiceHistogram title="Faces" bars={[{ label: "1", count: 12, expected: 10 }, …]} />
 */

import { useTranslations } from "next-intl";

export interface HistogramBar {
  readonly label: string;
  readonly count: number;
  readonly expected: number;
}

const HEIGHT = 160;
const TOP = 18;
const BOTTOM = 22;
const LEFT = 8;

export function DiceHistogram({ title, bars, barWidth = 36 }: { title: string; bars: readonly HistogramBar[]; barWidth?: number }) {
  const t = useTranslations("admin");
  const gap = Math.round(barWidth / 4);
  const width = LEFT * 2 + bars.length * (barWidth + gap) - gap;
  const top = Math.max(1, ...bars.map((b) => Math.max(b.count, b.expected)));
  const plot = HEIGHT - TOP - BOTTOM;
  const y = (value: number) => TOP + plot - (value / top) * plot;
  const summary = bars.map((b) => t("histogramBar", { label: b.label, count: b.count, expected: b.expected.toFixed(1) })).join(", ");
  return (
    <figure className="histogram">
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} width={width} height={HEIGHT} role="img" aria-label={`${title}. ${summary}`}>
        <title>{title}</title>
        <line x1={LEFT} x2={width - LEFT} y1={y(0)} y2={y(0)} className="histogram-axis" />
        {bars.map((bar, i) => {
          const x = LEFT + i * (barWidth + gap);
          return (
            <g key={bar.label} data-label={bar.label} data-count={bar.count}>
              <rect x={x} y={y(bar.count)} width={barWidth} height={y(0) - y(bar.count)} className="histogram-bar" />
              <line x1={x - 2} x2={x + barWidth + 2} y1={y(bar.expected)} y2={y(bar.expected)} className="histogram-expected" />
              <text x={x + barWidth / 2} y={y(bar.count) - 4} className="histogram-count" textAnchor="middle">
                {bar.count}
              </text>
              <text x={x + barWidth / 2} y={HEIGHT - 6} className="histogram-label" textAnchor="middle">
                {bar.label}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        {title} <span className="muted">— {t("histogramNote")}</span>
      </figcaption>
    </figure>
  );
}
