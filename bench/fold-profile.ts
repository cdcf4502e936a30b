import { fileURLToPath } from 'node:url';

/** The parts of a V8 `.cpuprofile` (what `node --cpu-prof` writes) that the summaries read. */
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  samples: number[];
  /** Microseconds from the previous sample (the first: from the profile's start). */
  timeDeltas: number[];
}

/** Where the busy time of a profile went. */
export interface ProfileSummary {
  busyMs: number;
  idleMs: number;
  /** Self time per area (a package, a file of ours, Node's internals, GC), largest first. */
  byArea: { name: string; share: number }[];
  /** Self time per function, largest first. */
  byFunction: { name: string; share: number }[];
}

type ProfileNode = CpuProfile['nodes'][number];

// V8's pseudo-frame for time spent waiting; (program) and (garbage collector) are busy time.
const idle = '(idle)';

/**
 * A frame's name for people: the function and where it is, with the project's own path and
 * `node_modules/` cut off.
 */
function frameName({ callFrame }: ProfileNode, root: string): string {
  const name = callFrame.functionName === '' ? '(anonymous)' : callFrame.functionName;
  if (callFrame.url === '') return name;
  const file = projectPath(callFrame.url, root).replace(/^.*node_modules\//, '');
  return `${name} ${file}:${callFrame.lineNumber + 1}`;
}

// A script's path from the project's root; file URLs are decoded first (a space is %20 in them).
function projectPath(url: string, root: string): string {
  const path = url.startsWith('file:') ? fileURLToPath(url) : url;
  return path.startsWith(root) ? path.slice(root.length) : path;
}

function areaOf({ callFrame }: ProfileNode, root: string): string {
  const { url, functionName } = callFrame;
  // (program), (garbage collector): V8's own pseudo-frames.
  if (url === '') return functionName.startsWith('(') ? functionName : '(native and builtins)';
  if (url.startsWith('node:')) return "Node's internals";
  const path = projectPath(url, root);
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path);
  if (inPackage !== null) return inPackage[1] as string;
  return path;
}

// Each sample stands for the time until the next one, as Chrome DevTools counts it.
function weightedSamples(profile: CpuProfile): Map<number, number> {
  const weights = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    const weight = profile.timeDeltas[index + 1] ?? 0;
    weights.set(id, (weights.get(id) ?? 0) + weight);
  });
  return weights;
}

function nodesById(profile: CpuProfile): Map<number, ProfileNode> {
  return new Map(profile.nodes.map((node) => [node.id, node]));
}

/**
 * The profile as folded stacks, one `caller;callee microseconds` line per distinct stack: the
 * input of flamegraph.pl, inferno and speedscope, which draw it as a flame graph. Idle time is
 * left out.
 *
 * @example
 * await writeFile('stateful.folded', foldStacks(profile, process.cwd()));
 */
export function foldStacks(profile: CpuProfile, root: string): string {
  const byId = nodesById(profile);
  const parents = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parents.set(child, node.id);
  const lines: string[] = [];
  for (const [id, weight] of weightedSamples(profile)) {
    const leaf = byId.get(id);
    if (leaf === undefined || weight === 0 || leaf.callFrame.functionName === idle) continue;
    const frames: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      const node = byId.get(at) as ProfileNode;
      // The root is every stack's first frame: it says nothing.
      if (parents.has(at)) frames.push(frameName(node, root).replaceAll(';', ','));
    }
    lines.push(`${frames.reverse().join(';')} ${Math.round(weight)}`);
  }
  return lines.sort().join('\n') + '\n';
}

/**
 * Self time per area and per function, as shares of the time the process was busy.
 *
 * @example
 * const { byArea } = summarizeProfile(profile, process.cwd());
 * byArea[0]; // { name: "Node's internals", share: 0.41 }
 */
export function summarizeProfile(profile: CpuProfile, root: string): ProfileSummary {
  const byId = nodesById(profile);
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  let idleTime = 0;
  for (const [id, weight] of weightedSamples(profile)) {
    const node = byId.get(id);
    if (node === undefined) continue;
    if (node.callFrame.functionName === idle) {
      idleTime += weight;
      continue;
    }
    busy += weight;
    const area = areaOf(node, root);
    areas.set(area, (areas.get(area) ?? 0) + weight);
    const name = frameName(node, root);
    functions.set(name, (functions.get(name) ?? 0) + weight);
  }
  const shares = (totals: Map<string, number>) =>
    [...totals]
      .map(([name, time]) => ({ name, share: busy === 0 ? 0 : time / busy }))
      .sort((a, b) => b.share - a.share);
  return {
    busyMs: busy / 1_000,
    idleMs: idleTime / 1_000,
    byArea: shares(areas),
    byFunction: shares(functions),
  };
}
