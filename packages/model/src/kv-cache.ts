import * as tf from '@tensorflow/tfjs-core';
import type { LayerKeyValues } from './transformer-forward';

/** Columns a cache grows by when it is full: at least this many, or a quarter of its size. */
const GROWTH_COLUMNS = 32;

/** tfjs-node's kernel backend, as far as an in-place update needs it. */
interface NativeBackend {
  binding: { TF_ATTR_TYPE: number; TF_FLOAT: number };
  executeSingleOutput(name: string, attributes: unknown[], inputs: tf.Tensor[]): tf.Tensor;
}

/** tfjs-wasm's and tfjs-cpu's views of a tensor's storage. */
interface HeapBackend {
  typedArrayFromHeap?(tensor: tf.Tensor): Float32Array;
  data?: { get(dataId: unknown): { values?: Float32Array } };
}

/** tfjs-webgpu's kernel backend, as far as a buffer-to-buffer copy needs it. */
interface WebGpuBackend {
  tensorMap: { get(dataId: unknown): { resource?: unknown } | undefined };
  uploadToGPU(dataId: unknown): void;
  /** Tensors the unsubmitted commands use: their buffers are released only after the next submit. */
  commandQueueOwnedIds?: { add(dataId: object): unknown };
  ensureCommandEncoderReady(): void;
  endComputePassEncoder(): void;
  commandEncoder: {
    copyBufferToBuffer(
      source: unknown,
      sourceOffset: number,
      target: unknown,
      targetOffset: number,
      size: number,
    ): void;
  };
}

/**
 * Write on WebGPU: one `copyBufferToBuffer` per row from `rows`' GPU buffer into `target`'s, recorded in the
 * backend's command encoder after the kernels queued so far (WebGPU has no synchronous read, so the wasm/cpu
 * path cannot run there).
 */
function writeRowsOnWebGpu(backend: WebGpuBackend, target: tf.Tensor2D, indices: Int32Array, rows: tf.Tensor2D): void {
  backend.uploadToGPU(target.dataId);
  backend.uploadToGPU(rows.dataId);
  const destination = backend.tensorMap.get(target.dataId)?.resource;
  const source = backend.tensorMap.get(rows.dataId)?.resource;
  if (!destination || !source) throw new Error('KeyValueCache: a tensor has no WebGPU buffer to write in place.');
  const rowBytes = (target.shape[1] as number) * 4;
  backend.commandQueueOwnedIds?.add(target.dataId);
  backend.commandQueueOwnedIds?.add(rows.dataId);
  backend.ensureCommandEncoderReady();
  backend.endComputePassEncoder();
  indices.forEach((row, index) => {
    backend.commandEncoder.copyBufferToBuffer(source, index * rowBytes, destination, row * rowBytes, rowBytes);
  });
}

/**
 * Write `rows` `[count, width]` into rows `indices` of `target` `[total, width]` in place: TensorFlow's
 * `InplaceUpdate` op on the native backend, buffer-to-buffer copies on WebGPU, a copy into the tensor's own
 * memory on wasm and cpu. `target` must be a buffer that nothing else reads while it is written (a cache
 * this module owns).
 */
function writeRowsInPlace(
  target: tf.Tensor2D,
  indices: Int32Array,
  rows: tf.Tensor2D,
  indexTensor?: tf.Tensor1D,
): void {
  const backend = tf.backend() as unknown as NativeBackend & HeapBackend;
  if (tf.getBackend() === 'webgpu') {
    writeRowsOnWebGpu(tf.backend() as unknown as WebGpuBackend, target, indices, rows);
    return;
  }
  if (tf.getBackend() === 'tensorflow') {
    const attribute = { name: 'T', type: backend.binding.TF_ATTR_TYPE, value: backend.binding.TF_FLOAT };
    const index = indexTensor ?? tf.tensor1d(indices, 'int32');
    // The output aliases `target`'s buffer (the op writes into its input); only the handle is freed.
    backend.executeSingleOutput('InplaceUpdate', [attribute], [target, index, rows]).dispose();
    if (index !== indexTensor) index.dispose();
    return;
  }
  const memory = (tensor: tf.Tensor): Float32Array => {
    if (backend.typedArrayFromHeap) return backend.typedArrayFromHeap(tensor);
    const values = backend.data?.get(tensor.dataId)?.values;
    if (!values) throw new Error(`KeyValueCache: cannot write in place on the ${tf.getBackend()} backend.`);
    return values;
  };
  const width = target.shape[1];
  const source = tf.getBackend() === 'wasm' ? memory(rows) : (rows.dataSync() as Float32Array);
  const destination = memory(target);
  indices.forEach((row, index) => {
    destination.set(source.subarray(index * width, (index + 1) * width), row * width);
  });
}

/**
 * Keys and values of generation, preallocated: one buffer per layer and kind, `[batch, kvHeads, capacity,
 * headDim]`, into which each decode step writes its new column in place (no concat, no copy of the past).
 * Attention reads the whole buffer; columns not yet written are masked out by the caller. When the buffer is
 * full it grows by a block of columns (one copy per block, not per token). Rows stay put when they finish
 * (the caller masks them); `keepRows` compacts the batch when that pays.
 */
export class KeyValueCache {
  private layers: LayerKeyValues[];
  /** Columns written so far (the same for every row). */
  private columns: number;
  private readonly maxColumns: number;
  /** `[batch·heads·capacity, width]` views of the buffers for `writeRows` (same storage), made on first use. */
  private flatViews: Array<{ keys: tf.Tensor2D; values: tf.Tensor2D } | undefined> = [];
  /** Row indices of the current column, per number of heads, for `writeRows`. */
  private columnRows = new Map<number, { indices: Int32Array; tensor?: tf.Tensor1D }>();

  /**
   * Cache holding `prefill` (each layer `[batch, kvHeads, length, headDim]`; this takes ownership and frees
   * it), with room for at most `maxColumns` columns in all.
   */
  constructor(prefill: LayerKeyValues[], maxColumns: number) {
    const length = prefill[0]?.keys.shape[2] ?? 0;
    this.columns = length;
    this.maxColumns = Math.max(maxColumns, length);
    const capacity = Math.min(this.maxColumns, length + GROWTH_COLUMNS);
    this.layers = prefill.map((layer) => widened(layer, capacity));
    tf.dispose(prefill as unknown as tf.TensorContainer);
  }

  /** Columns written so far: the next column is this one. */
  get length(): number {
    return this.columns;
  }

  /** Columns the buffers hold (written or not): the key length attention sees. */
  get capacity(): number {
    return this.layers[0]?.keys.shape[2] ?? 0;
  }

  get batch(): number {
    return this.layers[0]?.keys.shape[0] ?? 0;
  }

  /** Make room for one more column (grows the buffers when full). Call once before each decode step. */
  reserveColumn(): void {
    if (this.columns < this.capacity) return;
    if (this.columns >= this.maxColumns) {
      throw new Error(`KeyValueCache: all ${this.maxColumns} columns are written; allocate more.`);
    }
    const grown = Math.min(this.maxColumns, this.capacity + Math.max(GROWTH_COLUMNS, Math.ceil(this.capacity / 4)));
    const previous = this.layers;
    this.layers = previous.map((layer) => widened(layer, grown));
    this.dropViews();
    tf.dispose(previous as unknown as tf.TensorContainer);
  }

  /**
   * Write one new column of layer `index` (`keys`/`values` `[batch, kvHeads, 1, headDim]`) in place at the
   * current column, and return the buffers for attention (owned by the cache: do not dispose).
   */
  write(index: number, keys: tf.Tensor4D, values: tf.Tensor4D): LayerKeyValues {
    const layer = this.layers[index] as LayerKeyValues;
    const [batch, kvHeads, capacity] = layer.keys.shape;
    if (this.columns >= capacity) throw new Error('KeyValueCache.write: the cache is full; call reserveColumn first.');
    const rows = new Int32Array(batch * kvHeads);
    for (let head = 0; head < rows.length; head += 1) rows[head] = head * capacity + this.columns;
    tf.tidy(() => {
      // Keys and values may differ in width (a copy head's entry holds keys and one token id per column).
      const flat = (tensor: tf.Tensor) => tf.reshape(tensor, [-1, tensor.shape[3] as number]) as tf.Tensor2D;
      writeRowsInPlace(flat(layer.keys), rows, flat(keys));
      writeRowsInPlace(flat(layer.values), rows, flat(values));
    });
    return layer;
  }

  /**
   * `write` for rows already flat: `keys` (and `values`, when given) `[batch·heads, width]`, row `b·heads + h`,
   * written in place at the current column through views kept across steps (no reshape of the buffers, one
   * index tensor per column). Entries whose values are not given keep them as they were (the copy head's token
   * ids, which a fused decode step keeps on the host). Returns the buffers (owned by the cache).
   */
  writeRows(index: number, keys: tf.Tensor2D, values?: tf.Tensor2D): LayerKeyValues {
    const layer = this.layers[index] as LayerKeyValues;
    const [batch, heads, capacity] = layer.keys.shape;
    if (this.columns >= capacity)
      throw new Error('KeyValueCache.writeRows: the cache is full; call reserveColumn first.');
    let views = this.flatViews[index];
    if (!views) {
      const flat = (tensor: tf.Tensor4D) => tf.keep(tf.reshape(tensor, [-1, tensor.shape[3]])) as tf.Tensor2D;
      views = { keys: flat(layer.keys), values: flat(layer.values) };
      this.flatViews[index] = views;
    }
    let rows = this.columnRows.get(heads);
    if (!rows) {
      const indices = new Int32Array(batch * heads);
      for (let head = 0; head < indices.length; head += 1) indices[head] = head * capacity + this.columns;
      const tensor = tf.getBackend() === 'tensorflow' ? tf.keep(tf.tensor1d(indices, 'int32')) : undefined;
      rows = { indices, tensor };
      this.columnRows.set(heads, rows);
    }
    writeRowsInPlace(views.keys, rows.indices, keys, rows.tensor);
    if (values) writeRowsInPlace(views.values, rows.indices, values, rows.tensor);
    return layer;
  }

  /** The buffers of layer `index` (owned by the cache: do not dispose). */
  view(index: number): LayerKeyValues {
    return this.layers[index] as LayerKeyValues;
  }

  /** Mark the column written by this step's `write` calls as filled. */
  advance(): void {
    this.columns += 1;
    this.dropColumnRows();
  }

  private dropColumnRows(): void {
    for (const rows of this.columnRows.values()) rows.tensor?.dispose();
    this.columnRows.clear();
  }

  private dropViews(): void {
    tf.dispose(this.flatViews.filter((views) => views !== undefined) as unknown as tf.TensorContainer);
    this.flatViews = [];
    this.dropColumnRows();
  }

  /** Keep only `rows` (indices into the current batch), in that order: one gather per buffer. */
  keepRows(rows: readonly number[]): void {
    const previous = this.layers;
    this.layers = tf.tidy(() => {
      const indices = tf.tensor1d(Int32Array.from(rows), 'int32');
      return previous.map((layer) => ({
        keys: tf.gather(layer.keys, indices),
        values: tf.gather(layer.values, indices),
      }));
    }) as LayerKeyValues[];
    this.dropViews();
    tf.dispose(previous as unknown as tf.TensorContainer);
  }

  dispose(): void {
    this.dropViews();
    tf.dispose(this.layers as unknown as tf.TensorContainer);
    this.layers = [];
  }
}

/** A copy of `layer` with zero columns appended up to `capacity`. */
function widened(layer: LayerKeyValues, capacity: number): LayerKeyValues {
  const extra = capacity - layer.keys.shape[2];
  const pad = (tensor: tf.Tensor4D) =>
    tf.pad(tensor, [
      [0, 0],
      [0, 0],
      [0, extra],
      [0, 0],
    ]) as tf.Tensor4D;
  return { keys: pad(layer.keys), values: pad(layer.values) };
}
