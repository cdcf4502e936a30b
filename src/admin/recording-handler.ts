import { recordingOf } from '../interactions/recording-of.ts';
import type { AdminContext, AdminReply } from './admin-context.ts';

/**
 * GET /__admin/recording: the session's exchanges with the provider (`--upstream`) as a stubs
 * file (see recordingOf), for `--stubs FILE` or POST /__admin/stubs to replay without it.
 */
export async function exportRecording({ deps, session }: AdminContext): Promise<AdminReply> {
  return { status: 200, body: { session, ...(await recordingOf(deps.journal.scan(session))) } };
}
