/**
 * The engine tasks the match server runs in its worker pool (engine-pool.ts), by kind: what each task carries and
 * what it answers. Tasks and results cross a thread boundary, so both are plain data (structured-cloneable: no
 * functions, no class instances). A new kind is a line here and its handler in engine-worker.ts.
 *
 * @example
 *   interface EngineTaskMap { "choose-action": { task: { kind: "choose-action"; … }; result: … } }
 *   const result = await pool.run({ kind: "choose-action", … }); // typed by the map
 */

/** Each kind's task (with its `kind`) and result. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the kinds are added by the engine's features
export interface EngineTaskMap {}

export type EngineTaskKind = keyof EngineTaskMap;

export type EngineTask = { [K in EngineTaskKind]: EngineTaskMap[K] extends { task: infer T } ? T : never }[EngineTaskKind];

/** What a task of this kind answers. */
export type EngineTaskResult<T extends EngineTask> = T extends { kind: infer K extends EngineTaskKind }
  ? EngineTaskMap[K] extends { result: infer R }
    ? R
    : never
  : never;
