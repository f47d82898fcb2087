import { createRequire } from 'node:module';
import { RlverError } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';

let registration: Promise<void> | undefined;

const isRegistered = (): boolean => tf.getGradient(tf.Multiply) !== undefined;

/**
 * tfjs-core ships without gradient definitions (the `@tensorflow/tfjs` bundle registers them). Register them once
 * into the tfjs-core instance this package uses: the ESM build's `register_all_gradients` where tfjs-core
 * resolves to ESM (vitest, bundlers), else the `@tensorflow/tfjs` Node bundle, which registers the same gradients
 * into tfjs-core's CommonJS build (plain Node, tsx).
 */
export function ensureGradientsRegistered(): Promise<void> {
  if (isRegistered()) return Promise.resolve();
  registration ??= (async () => {
    try {
      await import('@tensorflow/tfjs-core/dist/register_all_gradients');
    } catch {
      // tfjs-core resolved to its CommonJS build: the ESM file cannot load here; use the Node bundle below.
    }
    if (!isRegistered()) createRequire(import.meta.url)('@tensorflow/tfjs');
    if (!isRegistered()) {
      throw new RlverError({
        name: 'RLVER_GradientRegistrationError',
        message:
          'tfjs gradients are not registered; import "@tensorflow/tfjs" (or "@tensorflow/tfjs-node") before training.',
      });
    }
  })();
  return registration;
}
