import { recordingOf } from '../interactions/recording-of.ts';
import { createTimeSlices } from '../time-slices.ts';
import type { AdminContext, AdminReply } from './admin-context.ts';

/**
 * GET /__admin/recording: the session's exchanges with the provider (`--upstream`) as a stubs
 * file (see recordingOf), for `--stubs FILE` or POST /__admin/stubs to replay without it. Written
 * a stub at a time: 1,000 stubs of 16 KiB bodies each way are ~32 MB of JSON.
 */
export async function exportRecording({ deps, session }: AdminContext): Promise<AdminReply> {
  const { stubs, ...rest } = await recordingOf(deps.journal.scan(session));
  async function* pieces(): AsyncGenerator<string> {
    const slices = createTimeSlices();
    yield `{"session":${JSON.stringify(session)},"stubs":[`;
    for (const [index, stub] of stubs.entries()) {
      if (slices.due()) await slices.turn();
      yield `${index === 0 ? '' : ','}${JSON.stringify(stub)}`;
    }
    yield `],${JSON.stringify(rest).slice(1)}`;
  }
  return { status: 200, jsonChunks: pieces() };
}
