/**
 * fair-dice-v1 (docs/fair-dice-v1.md): commitments, client seeds, rolls, opening resolution and the verifier. Pure
 * and synchronous; runs unchanged in Node and the browser.
 *
 * @example
 *   import { commitmentOf, combineClientSeeds, rollForNonce, verify } from "@/lib/dice";
 *   const dice = rollForNonce(serverSeed, combineClientSeeds(white, black), nonce);
 *   const report = verify(bundle, record);
 */
export type {
  AuditBundle,
  BundleRoll,
  CheckId,
  CheckResult,
  CheckStatus,
  RecordTurn,
  RollKind,
  SeatColor,
  Verdict,
  VerifyReport,
} from "./types";
export { commitmentOf } from "./commitment";
export { CLIENT_SEED_MAX_LENGTH, combineClientSeeds, validateClientSeed, type ClientSeedError } from "./client-seed";
export { REJECT_FROM, createRoller, diceFromByteStream, rollForNonce, rollMessage, type Roller } from "./roll";
export { resolveOpening, type OpeningOutcome } from "./opening";
export { parseBundle, parseRecord } from "./bundle-schema";
export { recordFromRollLog, type LoggedTurn } from "./record";
export { verify } from "./verify";
export { chainCommitment, chainLengthFor, gameSeedOf, gameSeedsOf, leadsToCommitment, MAX_CHAIN_MATCH_LENGTH } from "./seed-chain";
export { createSaltedRoller, saltedRollMessage, type RollSalts, type SaltedRoller } from "./salted-roll";
export { isSalt, newSalt, SALT_PATTERN } from "./salt";
export { computerSalt, computerSaltMessage } from "./computer-salt";
export { parseBundleV2, type AuditBundleV2, type BundleRollV2, type ParsedBundleV2, type ProofEnd, type ProofSeat, type ProofSignature } from "./bundle-v2";
export { verifyV2, type BrowserSalts, type GameVerdict, type VerifyReportV2, type VerifyV2Options } from "./verify-v2";
export { PROOF_STATEMENT_FORMAT, proofStatement, proofStatementLines } from "./proof-statement";
export { keyIdOf, parseProofKeys, PROOF_KEYS_FORMAT, proofKeyEntry, signatureValid, type ProofKey, type ProofKeyList } from "./proof-keys";
export { proofPublicKeyOf, signProof } from "./proof-sign";
export { recordDigest } from "./record-digest";
export { simulateMatch, type SimulateOptions } from "./simulate";
export { signSimulated, simulateMatchV2, standInRecordLines, type SignSimulatedOptions, type SimulateV2Options } from "./simulate-v2";
export { chiSquarePValue, chiSquareStatistic, logGamma, regularizedUpperGamma } from "./stats";
export { CHAIN_VALUE_PATTERN, chainHead, CONTRIBUTION_CHAIN_LENGTH, contributionPlace, followReveals, gameChains, hashChainFromTail, headsAfter, isChainValue, newChainTail, revealFollows, type GameChains, type HashChain, type RevealFollower, type RevealProblem } from "./hash-chain";
export { computerValue, computerValueMessage } from "./computer-value";
export { createRollerV3, openingRollMessage, rollMessageV3, turnRollMessage, type RollContributions, type RollerV3 } from "./roll-v3";
export { parseBundleV3, PROTOCOL_V3, sharedV2View, type AuditBundleV3, type BundleRollV3, type GameHeads, type ParsedBundleV3, type RollValues } from "./bundle-v3";
export { checkSignatureV3, PROOF_STATEMENT_FORMAT_V3, proofStatementLinesV3, proofStatementV3 } from "./proof-statement-v3";
export { signProofV3 } from "./proof-sign-v3";
export { verifyV3, type BrowserKeptV3, type CheckIdV3, type CheckResultV3, type VerifyReportV3, type VerifyV3Options } from "./verify-v3";
export { signSimulatedV3, simulatedTail, simulateMatchV3, type SimulatedBrowser, type SimulatedV3, type SimulateV3Options } from "./simulate-v3";
