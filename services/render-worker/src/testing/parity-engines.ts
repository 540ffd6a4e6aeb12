import { createSsrfGuard } from '@rp/net-guard';
import { createBrowserPool } from '../renderer/engines/chromium/pool/browser-pool';
import { createChromiumEngine } from '../renderer/engines/chromium/capture/chromium-engine';
import { createNativeEngine, type NativeEngine } from '../renderer/engines/native/image/native-engine';
import type { EngineAssets, ImageEngine } from '../renderer/engines/image-engine';
import { createRequestGuard } from '../renderer/request-guard';
import { chromiumPath } from './chromium';

/** Both engines as the parity check runs them, for the parity tests of minimal documents. */
export interface ParityEngines {
  native: NativeEngine;
  pool: Awaited<ReturnType<typeof createBrowserPool>>;
  /** The image engines, as measureParity takes them. */
  images: { chromium: ImageEngine; native: ImageEngine };
  /** Assets of a document that loads nothing of its own: the SSRF guard and no stored assets. */
  assets: EngineAssets;
  close(): Promise<void>;
}

/** One native engine process and a one-page Chromium pool (the native engine's processes run from dist). */
export async function startParityEngines(): Promise<ParityEngines> {
  const ssrfGuard = createSsrfGuard();
  const resolveAsset = async () => null;
  const native = createNativeEngine({ processes: 1 });
  const pool = await createBrowserPool({ executablePath: chromiumPath(), size: 1, recycleAfter: 100, ssrfGuard });
  return {
    native, pool,
    images: { chromium: createChromiumEngine(pool), native },
    assets: { ssrfGuard, resolveAsset, guard: createRequestGuard({ ssrfGuard, resolveAsset }) },
    close: async () => {
      await native.close();
      await pool.close();
    },
  };
}
