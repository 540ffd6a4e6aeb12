import { writeFile } from 'node:fs/promises';
import { AUDIO_LIMITS, type AudioTrack } from '@rp/workflow-safe';
import { RenderFailure } from '../renderer/types';
import { buildAudioProbeArgs } from '../renderer/ffmpeg/build-audio-args';
import { startFfmpeg } from '../renderer/ffmpeg/start-ffmpeg';
import { createAssetResolver } from './asset-resolver';
import type { RenderActivityDeps } from './deps';
import { downloadCapped } from './download-capped';

const ASSET_REF = /^asset:\/\/([0-9a-f-]{36})$/i;

/**
 * Puts the render's audio track in a local file: an `asset://` reference through the org-scoped asset resolver,
 * anything else through the SSRF-guarded, size-capped download. Then checks that ffmpeg can decode an audio stream
 * from it, so a bad file fails the render as `audio_invalid` instead of an encoder error that would be retried.
 */
export async function prepareAudio(deps: RenderActivityDeps, orgId: string, track: AudioTrack, destPath: string, signal?: AbortSignal): Promise<void> {
  const asset = ASSET_REF.exec(track.url);
  if (asset) {
    const found = await createAssetResolver(deps.db, deps.store, orgId)(asset[1]!);
    if (!found) throw new RenderFailure('asset_unreachable', `audio asset ${asset[1]} does not exist`);
    if (!found.contentType.startsWith('audio/')) throw new RenderFailure('audio_invalid', `asset ${asset[1]} is ${found.contentType}, not audio`);
    if (found.body.length > AUDIO_LIMITS.maxBytes) throw new RenderFailure('asset_too_large', `audio asset is larger than ${AUDIO_LIMITS.maxBytes} bytes`);
    await writeFile(destPath, found.body);
  } else {
    await downloadCapped({
      url: track.url,
      destPath,
      ssrfGuard: deps.ssrfGuard,
      maxBytes: AUDIO_LIMITS.maxBytes,
      timeoutMs: deps.config.PAGE_LOAD_TIMEOUT_MS,
      signal,
    });
  }
  await startFfmpeg({
    ...buildAudioProbeArgs(),
    ffmpegPath: deps.config.FFMPEG_PATH,
    input: destPath,
    output: '/dev/null',
    signal,
    what: 'decode audio',
  }).done.catch((err: RenderFailure) => {
    if (err.code === 'cancelled') throw err;
    throw new RenderFailure('audio_invalid', `the audio track could not be decoded: ${err.message.split('\n').slice(-1)[0]}`);
  });
}
