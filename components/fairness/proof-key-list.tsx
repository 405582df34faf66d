/**
 * The site's proof-signing keys on /fairness (docs/fair-dice-v2.md, section 5b): every key it has ever signed match
 * proofs with, public halves only, each with its id and since when — what a verifier trusts a signature under. The
 * same list is at /api/fairness/keys, for programs.
 *
 * @example
 *   <ProofKeyList keys={(await proofKeyList(getDb())).keys} />
 */
import { getTranslations } from "next-intl/server";
import type { ProofKey } from "@/lib/dice";

export async function ProofKeyList({ keys }: { keys: readonly ProofKey[] }) {
  const t = await getTranslations("fairnessPage");
  return (
    <section aria-labelledby="signing-keys" data-testid="proof-keys">
      <h2 id="signing-keys">{t("keysTitle")}</h2>
      <p>{t("keysIntro")}</p>
      {keys.length === 0 ? (
        <p>{t("keysNone")}</p>
      ) : (
        <ul>
          {keys.map((key) => (
            <li key={key.keyId}>
              <code>{key.keyId}</code> — {t("keysLine", { algorithm: key.algorithm, from: key.from.slice(0, 10) })}
              <br />
              <code className="proof-key">{key.publicKey}</code>
            </li>
          ))}
        </ul>
      )}
      <p>
        <a href="/api/fairness/keys">{t("keysJson")}</a>
      </p>
    </section>
  );
}
