/**
 * Where a V8 CPU profile (`node --cpu-prof`) spent its time, by package or project file: self time of every sampled
 * function, summed per node_modules package (`@prisma/client`, `socket.io`, …), per project file, or per kind of
 * native work (garbage collector, idle, WebAssembly). Used by the load benchmark's `--profile`.
 *
 * @example
 *   summarizeCpuProfile(readFileSync("CPU.cpuprofile", "utf8")).slice(0, 3);
 *   // [{ where: "@prisma/client", ms: 2052, share: 0.22 }, { where: "(native)", … }, …]
 */

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string };
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

export interface ProfileShare {
  readonly where: string;
  readonly ms: number;
  /** Of all sampled time, idle included. */
  readonly share: number;
}

const ROOT = /^file:\/\/.*?\/(app|components|lib|scripts|server|tests|generated)\//;

function placeOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (url.includes("node_modules/")) {
    const parts = url.split("node_modules/").at(-1)!.split("/");
    return parts[0]!.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (url.startsWith("wasm://")) return "(WebAssembly)";
  const project = ROOT.exec(url);
  if (project) return url.slice(url.indexOf(`/${project[1]}/`) + 1);
  if (url.startsWith("node:")) return "(node internals)";
  if (functionName.startsWith("(")) return functionName; // (idle), (garbage collector), (program)
  return `(${functionName || "native"})`;
}

export function summarizeCpuProfile(json: string): ProfileShare[] {
  const profile = JSON.parse(json) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((id, i) => {
    const micros = profile.timeDeltas[i] ?? 0;
    const node = byId.get(id);
    if (!node) return;
    const where = placeOf(node);
    totals.set(where, (totals.get(where) ?? 0) + micros);
    all += micros;
  });
  return [...totals.entries()]
    .map(([where, micros]) => ({ where, ms: Math.round(micros / 1000), share: all > 0 ? micros / all : 0 }))
    .sort((a, b) => b.ms - a.ms);
}
