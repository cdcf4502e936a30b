import type { Interaction } from '../interactions/interaction.ts';
import { compilePattern } from '../interactions/request-pattern.ts';
import { inMatchOrder } from '../responders/stubs/stub-registry.ts';
import type { Stub } from '../responders/stubs/stub.ts';

/** A stub as a replica keeps it: its pattern compiled, its definition as Redis holds it. */
export interface CompiledStub {
  readonly stub: Stub;
  readonly text: string;
  readonly seq: bigint;
  readonly matches: (probe: Interaction) => boolean;
}

/** Stubs as they were at a version of the registry, in match order. */
export interface CompiledStubs {
  readonly version: string;
  readonly entries: readonly CompiledStub[];
}

/**
 * The stubs of a load script's reply (the version, then each definition and its uses), compiled
 * and in match order.
 */
export function compileStubs(reply: readonly string[]): CompiledStubs {
  const entries: CompiledStub[] = [];
  for (let i = 1; i < reply.length; i += 2) {
    const def = reply[i] as string;
    const text = def.slice(def.indexOf('\n') + 1);
    const stub = JSON.parse(text) as Stub;
    stub.uses = Number(reply[i + 1]);
    const differences = compilePattern(stub.pattern);
    entries.push({
      stub,
      text,
      seq: BigInt(stub.id.slice(5)),
      matches: (probe) => differences(probe).length === 0,
    });
  }
  entries.sort(inMatchOrder);
  return { version: reply[0] as string, entries };
}

/** A copy of the stub with its uses as counted now. */
export function withUses({ text }: CompiledStub, uses: number): Stub {
  return { ...(JSON.parse(text) as Stub), uses };
}
