/**
 * The transparency log's pure core (docs/transparency-log.md): the RFC 9162 Merkle tree and its proofs, the frontier
 * and node plans a server keeps the tree with, the entries' canonical bytes, signed tree heads with the checks a
 * monitor runs, and the monitor itself (its state and step). Pure and synchronous; runs unchanged in Node and the
 * browser.
 *
 * @example
 *   import { appendLeaf, entryLeafHash, frontierRoot, signTreeHead, checkHeads } from "@/lib/transparency";
 *   const { frontier, nodes } = appendLeaf(current, entryLeafHash(entry));
 *   const head = signTreeHead({ treeSize: frontier.size, rootHash: bytesToHex(frontierRoot(frontier)), timestamp: now }, key);
 */
export {
  EMPTY_ROOT,
  HASH_SIZE,
  consistencyProof,
  consistencyProofLength,
  inclusionProof,
  inclusionProofLength,
  leafHash,
  nodeHash,
  rootHash,
  verifyConsistency,
  verifyInclusion,
  type MerkleCheck,
  type MerkleFailed,
  type MerkleFailure,
  type ProofResult,
} from "./merkle";
export {
  EMPTY_FRONTIER,
  appendLeaf,
  assembleProof,
  consistencyPlan,
  frontierAddresses,
  frontierFromNodes,
  frontierRoot,
  inclusionPlan,
  lookupOf,
  planAddresses,
  type MerkleFrontier,
  type NodeAddress,
  type NodeLookup,
  type PlanResult,
  type ProofElementPlan,
  type StoredNode,
} from "./frontier";
export {
  ENTRY_FORMAT,
  canonicalEntry,
  entryBytes,
  entryLeafHash,
  logEntrySchema,
  parseEntry,
  parseEntryBytes,
  type EntryFailure,
  type EntryResult,
  type LogEntry,
  type MatchCreatedEntry,
  type MatchEndedEntry,
} from "./entry";
export {
  TREE_HEAD_FORMAT,
  checkEntryInHead,
  checkHeads,
  parseTreeHead,
  signTreeHead,
  signedTreeHeadSchema,
  treeHeadMessage,
  verifyTreeHead,
  type HeadCheck,
  type HeadFailed,
  type HeadFailure,
  type SignedTreeHead,
  type TreeHead,
} from "./tree-head";
export {
  MAX_KEPT_FINDINGS,
  MAX_KEPT_HEADS,
  MONITOR_FORMAT,
  allowKey,
  headToRecheck,
  initialMonitorState,
  latestHead,
  monitorStep,
  parseMonitorState,
  type EntryAudit,
  type Evidence,
  type Fetched,
  type Finding,
  type FindingKind,
  type FindingSource,
  type MonitorState,
  type Progress,
  type SeenHead,
  type StepResult,
} from "./monitor";
export {
  checkBundleLog,
  headTime,
  selectKey,
  type BundleLogReport,
  type EntryRole,
  type LogCheck,
  type LogCheckId,
  type LogCheckStatus,
  type LoggedEntry,
} from "./bundle-log";
export {
  HEAD_MEMORY_FORMAT,
  HEAD_MEMORY_KEY,
  judgeHead,
  proofRange,
  readRememberedHead,
  type HeadMemoryFailure,
  type HeadOutcome,
  type RememberedHead,
} from "./head-memory";
