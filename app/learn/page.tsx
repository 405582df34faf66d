import { getTranslations } from "next-intl/server";
import { metaTitle } from "@/components/i18n/meta-title";
import { Board } from "@/components/board/board";
import { DIAGRAMS, type DiagramName } from "@/components/learn/diagrams";
import { GuideSection } from "@/components/learn/guide-section";
import "@/components/learn/learn.css";
import "@/components/ui/ui.css";

export const generateMetadata = metaTitle("learn");

const SECTIONS = ["aim", "moving", "hitting", "bearingOff", "winning", "cube", "fairDice", "start"] as const;
type Section = (typeof SECTIONS)[number];

/** One of the guide's boards, drawn by the site's own board component (components/learn/diagrams.ts). */
async function Figure({ name, caption }: { name: DiagramName; caption: string }) {
  const t = await getTranslations("learn");
  const { position, dice, cube } = DIAGRAMS[name];
  return (
    <figure className="learn-figure" aria-label={t("diagram", { caption })}>
      <Board position={position} viewer="white" dice={dice ? { values: dice, used: [false, false], side: "white" } : null} cube={cube} input={null} />
      <figcaption>{caption}</figcaption>
    </figure>
  );
}

/**
 * How to play: the rules for a newcomer, section by section, each with the board as a match shows it; the doubling
 * cube and match play; the fair dice in a paragraph; and where to start. Every word from messages/*.json.
 */
export default async function LearnPage() {
  const t = await getTranslations("learn");
  const title = (section: Section) => t(`${section}.title`);
  return (
    <article className="doc-page learn-page">
      <h1>{t("title")}</h1>
      <p>{t("intro")}</p>
      <nav aria-label={t("contents")}>
        <ol className="learn-contents">
          {SECTIONS.map((section) => (
            <li key={section}>
              <a href={`#${section}`}>{title(section)}</a>
            </li>
          ))}
        </ol>
      </nav>
      <GuideSection id="aim" title={title("aim")}>
        <p>{t("aim.p1")}</p>
        <p>{t("aim.p2")}</p>
        <Figure name="start" caption={t("aim.caption")} />
      </GuideSection>
      <GuideSection id="moving" title={title("moving")}>
        <p>{t("moving.p1")}</p>
        <p>{t("moving.p2")}</p>
        <Figure name="opening" caption={t("moving.caption")} />
        <p>{t("moving.p3")}</p>
      </GuideSection>
      <GuideSection id="hitting" title={title("hitting")}>
        <p>{t("hitting.p1")}</p>
        <Figure name="hit" caption={t("hitting.captionHit")} />
        <p>{t("hitting.p2")}</p>
        <Figure name="bar" caption={t("hitting.captionBar")} />
      </GuideSection>
      <GuideSection id="bearingOff" title={title("bearingOff")}>
        <p>{t("bearingOff.p1")}</p>
        <Figure name="bearOff" caption={t("bearingOff.caption")} />
      </GuideSection>
      <GuideSection id="winning" title={title("winning")}>
        <p>{t("winning.p1")}</p>
      </GuideSection>
      <GuideSection id="cube" title={title("cube")}>
        <p>{t("cube.p1")}</p>
        <p>{t("cube.p2")}</p>
        <p>{t("cube.p3")}</p>
      </GuideSection>
      <GuideSection id="fairDice" title={title("fairDice")}>
        <p>{t("fairDice.p1")}</p>
        <p>
          <a href="/fairness">{t("fairDice.link")}</a>
        </p>
      </GuideSection>
      <GuideSection id="start" title={title("start")}>
        <p>{t("start.p1")}</p>
        <p>
          <a href="/" className="button-link">
            {t("start.lobby")}
          </a>
        </p>
      </GuideSection>
    </article>
  );
}
