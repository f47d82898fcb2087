import * as tf from '@tensorflow/tfjs-core';

/** The parts of the wasm backend these kernels use. */
interface WasmBackendLike {
  makeOutput(shape: number[], dtype: tf.DataType): tf.TensorInfo;
  typedArrayFromHeap(info: tf.TensorInfo): Float32Array | Int32Array | Uint8Array;
  incRef(dataId: tf.DataId): void;
}

/**
 * Slice by copying rows out of a view of the wasm heap. The stock wasm Slice first copies the whole
 * input out of the heap (`readSync`), so slicing n pieces costs n full copies; Unpack and SplitV go
 * through it too.
 */
function sliceFromHeap(x: tf.TensorInfo, begin: number[], size: number[], backend: WasmBackendLike): tf.TensorInfo {
  const out = backend.makeOutput(size, x.dtype); // may grow the heap: take views afterwards
  const source = backend.typedArrayFromHeap(x);
  const target = backend.typedArrayFromHeap(out);
  const strides = tf.util.computeStrides(x.shape);
  const rank = x.shape.length;
  if (rank === 0 || tf.slice_util.isSliceContinous(x.shape, begin, size)) {
    const offset = tf.slice_util.computeFlatOffset(begin, strides);
    target.set(source.subarray(offset, offset + tf.util.sizeFromShape(size)));
    return out;
  }
  const rowLength = size[rank - 1] as number;
  const rows = tf.util.sizeFromShape(size) / Math.max(rowLength, 1);
  const index = new Array<number>(rank - 1).fill(0);
  for (let row = 0; row < rows; row += 1) {
    let offset = begin[rank - 1] as number;
    for (let axis = 0; axis < rank - 1; axis += 1) {
      offset += ((begin[axis] as number) + (index[axis] as number)) * (strides[axis] as number);
    }
    target.set(source.subarray(offset, offset + rowLength), row * rowLength);
    for (let axis = rank - 2; axis >= 0; axis -= 1) {
      index[axis] = (index[axis] as number) + 1;
      if ((index[axis] as number) < (size[axis] as number)) break;
      index[axis] = 0;
    }
  }
  return out;
}

/** Merge input axes that stay adjacent and drop size-1 axes: the smallest equivalent permutation. */
function collapsePermutation(shape: readonly number[], perm: readonly number[]): { sizes: number[]; perm: number[] } {
  const kept = perm.filter((axis) => shape[axis] !== 1);
  const groups: number[][] = [];
  for (const axis of kept) {
    const last = groups[groups.length - 1];
    if (last && last[last.length - 1] === axis - 1 && shape[axis - 1] !== 1) last.push(axis);
    else groups.push([axis]);
  }
  const inputOrder = [...groups].sort((left, right) => (left[0] as number) - (right[0] as number));
  return {
    sizes: inputOrder.map((group) => group.reduce((product, axis) => product * (shape[axis] as number), 1)),
    perm: groups.map((group) => inputOrder.indexOf(group)),
  };
}

type HeapArray = Float32Array | Int32Array | Uint8Array;

/** Cache-blocked transpose of `batches` row-major [rows, columns] matrices. */
function blockedTranspose(source: HeapArray, target: HeapArray, batches: number, rows: number, columns: number): void {
  const block = 32;
  const size = rows * columns;
  for (let batch = 0; batch < batches; batch += 1) {
    const base = batch * size;
    for (let row0 = 0; row0 < rows; row0 += block) {
      const rowEnd = Math.min(row0 + block, rows);
      for (let column0 = 0; column0 < columns; column0 += block) {
        const columnEnd = Math.min(column0 + block, columns);
        for (let row = row0; row < rowEnd; row += 1) {
          const from = base + row * columns;
          for (let column = column0; column < columnEnd; column += 1) {
            target[base + column * rows + row] = source[from + column] as number;
          }
        }
      }
    }
  }
}

/** Copy contiguous innermost rows to their permuted places (the innermost axis does not move). */
function rowTranspose(source: HeapArray, target: HeapArray, sizes: number[], perm: number[]): void {
  const rank = perm.length;
  const inner = sizes[rank - 1] as number;
  const inputStrides = tf.util.computeStrides(sizes);
  const outerSizes = perm.slice(0, -1).map((axis) => sizes[axis] as number);
  const strides = perm.slice(0, -1).map((axis) => inputStrides[axis] as number);
  const rows = tf.util.sizeFromShape(outerSizes);
  const index = new Array<number>(rank - 1).fill(0);
  let offset = 0;
  for (let row = 0; row < rows; row += 1) {
    const out = row * inner;
    for (let element = 0; element < inner; element += 1) target[out + element] = source[offset + element] as number;
    for (let axis = rank - 2; axis >= 0; axis -= 1) {
      index[axis] = (index[axis] as number) + 1;
      offset += strides[axis] as number;
      if ((index[axis] as number) < (outerSizes[axis] as number)) break;
      offset -= (strides[axis] as number) * (outerSizes[axis] as number);
      index[axis] = 0;
    }
  }
}

/**
 * Transpose on heap views in JS, 2–4× faster than the stock wasm kernel for the permutations a
 * transformer uses (swap of the last two axes; moves of whole rows); undefined for other cases.
 */
function transposeFromHeap(x: tf.TensorInfo, perm: number[], backend: WasmBackendLike): tf.TensorInfo | undefined {
  if (x.dtype === 'string' || x.dtype === 'complex64') return undefined;
  const collapsed = collapsePermutation(x.shape, perm);
  const rank = collapsed.perm.length;
  const identity = collapsed.perm.every((axis, position) => axis === position);
  const rowMove = rank > 1 && collapsed.perm[rank - 1] === rank - 1;
  const swap = (rank === 2 && collapsed.perm[0] === 1) || (rank === 3 && collapsed.perm.join() === '0,2,1');
  if (!identity && !rowMove && !swap) return undefined;
  const out = backend.makeOutput(
    perm.map((axis) => x.shape[axis] as number),
    x.dtype,
  );
  const source = backend.typedArrayFromHeap(x);
  const target = backend.typedArrayFromHeap(out);
  if (identity) target.set(source);
  else if (rowMove) rowTranspose(source, target, collapsed.sizes, collapsed.perm);
  else {
    const [rows, columns] = collapsed.sizes.slice(-2) as [number, number];
    blockedTranspose(source, target, rank === 3 ? (collapsed.sizes[0] as number) : 1, rows, columns);
  }
  return out;
}

function replaceKernel(kernelName: string, kernelFunc: tf.KernelFunc): void {
  const original = tf.getKernel(kernelName, 'wasm');
  if (!original) return;
  tf.unregisterKernel(kernelName, 'wasm');
  tf.registerKernel({ ...original, kernelFunc });
}

let patched = false;

/**
 * Replace five wasm kernels with copy-saving versions (same results):
 * - Identity shares its input's data instead of copying it (tfjs clones every tensor saved for the
 *   backward pass through Identity; tensor data is immutable, so sharing is safe, as on the cpu backend);
 * - Slice, SplitV and Unpack copy only the requested rows (see `sliceFromHeap`);
 * - Transpose runs cache-blocked JS loops on heap views (see `transposeFromHeap`).
 * Called by `initTfBackend` when it selects wasm; idempotent.
 */
export function patchWasmKernels(): void {
  if (patched || !tf.getKernel('Identity', 'wasm')) return;
  patched = true;
  replaceKernel('Identity', ({ inputs, backend }) => {
    const x = inputs.x as tf.TensorInfo;
    (backend as unknown as WasmBackendLike).incRef(x.dataId);
    return { dataId: x.dataId, shape: x.shape, dtype: x.dtype };
  });
  const stockSlice = tf.getKernel('Slice', 'wasm')?.kernelFunc;
  replaceKernel('Slice', (args) => {
    const x = args.inputs.x as tf.TensorInfo;
    if (x.dtype === 'string' || !stockSlice) return stockSlice?.(args) as tf.TensorInfo;
    const attrs = args.attrs as unknown as { begin: number | number[]; size: number | number[] };
    const [begin, size] = tf.slice_util.parseSliceParams(x as tf.Tensor, attrs.begin, attrs.size);
    return sliceFromHeap(x, begin as number[], size as number[], args.backend as unknown as WasmBackendLike);
  });
  replaceKernel('SplitV', ({ inputs, attrs, backend }) => {
    const x = inputs.x as tf.TensorInfo;
    const { numOrSizeSplits, axis } = attrs as unknown as { numOrSizeSplits: number | number[]; axis: number };
    const $axis = tf.util.parseAxisParam(axis, x.shape)[0] as number;
    const sizes = tf.backend_util.prepareSplitSize(x as tf.Tensor, numOrSizeSplits, $axis);
    const begin = new Array<number>(x.shape.length).fill(0);
    return sizes.map((piece) => {
      const size = [...x.shape];
      size[$axis] = piece;
      const out = sliceFromHeap(x, [...begin], size, backend as unknown as WasmBackendLike);
      begin[$axis] = (begin[$axis] as number) + piece;
      return out;
    });
  });
  const stockTranspose = tf.getKernel('Transpose', 'wasm')?.kernelFunc;
  replaceKernel('Transpose', (args) => {
    const perm = (args.attrs as unknown as { perm: number[] }).perm;
    const result = transposeFromHeap(args.inputs.x as tf.TensorInfo, perm, args.backend as unknown as WasmBackendLike);
    return result ?? (stockTranspose?.(args) as tf.TensorInfo);
  });
  replaceKernel('Unpack', ({ inputs, attrs, backend }) => {
    const x = inputs.value as tf.TensorInfo;
    const axis = tf.util.parseAxisParam((attrs as unknown as { axis: number }).axis, x.shape)[0] as number;
    const outShape = x.shape.filter((_, dimension) => dimension !== axis);
    return Array.from({ length: x.shape[axis] as number }, (_, index) => {
      const begin = x.shape.map((_, dimension) => (dimension === axis ? index : 0));
      const size = x.shape.map((extent, dimension) => (dimension === axis ? 1 : extent));
      const piece = sliceFromHeap(x, begin, size, backend as unknown as WasmBackendLike);
      piece.shape = outShape;
      return piece;
    });
  });
}
