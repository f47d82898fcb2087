import * as tf from '@tensorflow/tfjs-core';

/** Float offsets tried for a view TensorFlow can wrap: 12 first (glibc's large blocks start 16 bytes into a page). */
const OFFSETS = [12, ...Array.from({ length: 16 }, (_, index) => index)];

/** Whether TensorFlow reads `view`'s memory in place (it copies data that is not aligned for Eigen). */
function sharedWithTensorFlow(view: Float32Array): boolean {
  const probe = new Float32Array(view.buffer, view.byteOffset, 1);
  probe[0] = 1;
  const made = tf.tensor(probe, [1], 'float32');
  // tfjs-node hands a tensor's array to TensorFlow when an op first reads it; the reshape does it now.
  const read = tf.reshape(made, [1]);
  probe[0] = 2;
  const shared = read.dataSync()[0] === 2;
  tf.dispose([made, read]);
  probe[0] = 0;
  return shared;
}

/**
 * A zeroed float32 buffer of `size` elements to decode one weight into before `tf.tensor(buffer, …)`.
 *
 * On native TensorFlow its start is aligned so that TensorFlow wraps the JS memory instead of copying it
 * (tfjs-node passes the array to `TF_NewTensor`, which copies data not aligned for Eigen, 64 bytes). A buffer
 * from `new Float32Array` starts 16 bytes into a page, so every weight was copied into fresh TensorFlow memory
 * when first used: fresh memory costs ~5 CPU-seconds a GiB on this machine (page faults), so a 0.5B model paid
 * ~13 CPU-s at its first forward pass, after the load. Alignment is checked, not assumed: a one-element probe
 * tells whether TensorFlow shares the view; if no offset is shared, the buffer is a plain one (copied, as before).
 * On other backends it is a plain `Float32Array`.
 *
 * `shared` puts it in a `SharedArrayBuffer`, so that reader threads can decode into it (`readTensorsInParallel`);
 * TensorFlow wraps such memory in place just the same (checked by the same probe).
 */
export function weightBuffer(size: number, shared = false): Float32Array {
  if (tf.getBackend() !== 'tensorflow' || size === 0) {
    return shared ? new Float32Array(new SharedArrayBuffer(size * 4)) : new Float32Array(size);
  }
  const raw = shared ? new SharedArrayBuffer(size * 4 + 64) : new ArrayBuffer(size * 4 + 64);
  for (const offset of OFFSETS) {
    const view = new Float32Array(raw, offset * 4, size);
    if (sharedWithTensorFlow(view)) return view;
  }
  return new Float32Array(raw, 0, size);
}
