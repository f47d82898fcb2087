/** A named float32 array with its shape: one entry of a safetensors file or of an optimizer state. */
export interface NamedFloatTensor {
  name: string;
  shape: number[];
  data: Float32Array;
  /** The dtype it was stored in (set by `readSafetensors`). */
  dtype?: 'F32' | 'F16' | 'BF16';
}
