/**
 * Write a Hugging Face model folder of a real model's shape with random weights, made here (nothing is
 * downloaded): config.json as transformers writes it for Qwen2, generation_config.json and
 * model.safetensors in F16 or BF16, streamed to disk so that memory stays small.
 *
 *   npx tsx --conditions=source packages/model/scripts/make-shaped-checkpoint.ts \
 *     --shape qwen2.5-0.5b|qwen2.5-1.5b|qwen2-tiny --dtype F16|BF16 --out /tmp/qwen-0.5b [--seed 1]
 *
 * Weights: matrices and biases have a random sign, mantissa and a power of two between 2⁻⁹ and 2⁻⁵ (about
 * |w| ≤ 0.06, like a trained model's scale, which keeps activations finite); norms are 1.
 */
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { InvalidConfigError } from '@rlver/spec';

/** transformers' config.json of the Qwen2.5 base models (architecture fields). */
const SHAPES: Record<string, Record<string, unknown>> = {
  'qwen2.5-0.5b': {
    hidden_size: 896,
    intermediate_size: 4864,
    num_hidden_layers: 24,
    num_attention_heads: 14,
    num_key_value_heads: 2,
    tie_word_embeddings: true,
  },
  'qwen2.5-1.5b': {
    hidden_size: 1536,
    intermediate_size: 8960,
    num_hidden_layers: 28,
    num_attention_heads: 12,
    num_key_value_heads: 2,
    tie_word_embeddings: true,
  },
  /** Qwen2's layout and vocabulary at a toy width (20 MB): smoke tests of the benchmark scripts on slow backends. */
  'qwen2-tiny': {
    hidden_size: 64,
    intermediate_size: 128,
    num_hidden_layers: 2,
    num_attention_heads: 4,
    num_key_value_heads: 2,
    max_window_layers: 2,
    tie_word_embeddings: true,
  },
};

const { values: flags } = parseArgs({
  options: {
    shape: { type: 'string', default: 'qwen2.5-0.5b' },
    dtype: { type: 'string', default: 'BF16' },
    out: { type: 'string' },
    seed: { type: 'string', default: '1' },
  },
  strict: true,
});
const shape = SHAPES[flags.shape];
if (!shape) {
  throw new InvalidConfigError({
    field: '--shape',
    message: `--shape is "${flags.shape}"; use one of ${Object.keys(SHAPES).join(', ')}.`,
  });
}
if (flags.dtype !== 'F16' && flags.dtype !== 'BF16') {
  throw new InvalidConfigError({ field: '--dtype', message: `--dtype is "${flags.dtype}"; use F16 or BF16.` });
}
if (!flags.out)
  throw new InvalidConfigError({ field: '--out', message: '--out is missing; name the folder to write.' });
const dtype = flags.dtype;
const out = flags.out;

const config: Record<string, unknown> = {
  architectures: ['Qwen2ForCausalLM'],
  model_type: 'qwen2',
  vocab_size: 151936,
  max_position_embeddings: 32768,
  max_window_layers: 24,
  rope_theta: 1000000.0,
  rms_norm_eps: 1e-6,
  hidden_act: 'silu',
  attention_dropout: 0.0,
  use_sliding_window: false,
  sliding_window: 32768,
  bos_token_id: 151643,
  eos_token_id: 151643,
  initializer_range: 0.02,
  use_cache: true,
  torch_dtype: dtype === 'F16' ? 'float16' : 'bfloat16',
  transformers_version: '4.43.1',
  ...shape,
};
const h = config.hidden_size as number;
const inter = config.intermediate_size as number;
const heads = config.num_attention_heads as number;
const kvHeads = config.num_key_value_heads as number;
const headDim = h / heads;

const tensors: Array<{ name: string; shape: number[]; norm: boolean }> = [
  { name: 'model.embed_tokens.weight', shape: [config.vocab_size as number, h], norm: false },
];
for (let layer = 0; layer < (config.num_hidden_layers as number); layer += 1) {
  const prefix = `model.layers.${layer}`;
  tensors.push(
    { name: `${prefix}.input_layernorm.weight`, shape: [h], norm: true },
    { name: `${prefix}.self_attn.q_proj.weight`, shape: [heads * headDim, h], norm: false },
    { name: `${prefix}.self_attn.q_proj.bias`, shape: [heads * headDim], norm: false },
    { name: `${prefix}.self_attn.k_proj.weight`, shape: [kvHeads * headDim, h], norm: false },
    { name: `${prefix}.self_attn.k_proj.bias`, shape: [kvHeads * headDim], norm: false },
    { name: `${prefix}.self_attn.v_proj.weight`, shape: [kvHeads * headDim, h], norm: false },
    { name: `${prefix}.self_attn.v_proj.bias`, shape: [kvHeads * headDim], norm: false },
    { name: `${prefix}.self_attn.o_proj.weight`, shape: [h, heads * headDim], norm: false },
    { name: `${prefix}.post_attention_layernorm.weight`, shape: [h], norm: true },
    { name: `${prefix}.mlp.gate_proj.weight`, shape: [inter, h], norm: false },
    { name: `${prefix}.mlp.up_proj.weight`, shape: [inter, h], norm: false },
    { name: `${prefix}.mlp.down_proj.weight`, shape: [h, inter], norm: false },
  );
}
tensors.push({ name: 'model.norm.weight', shape: [h], norm: true });

const header: Record<string, unknown> = { __metadata__: { format: 'pt' } };
let offset = 0;
for (const tensor of tensors) {
  const bytes = tensor.shape.reduce((product, size) => product * size, 1) * 2;
  header[tensor.name] = { dtype, shape: tensor.shape, data_offsets: [offset, offset + bytes] };
  offset += bytes;
}
let headerText = JSON.stringify(header);
headerText += ' '.repeat((8 - ((8 + Buffer.byteLength(headerText)) % 8)) % 8);

mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'config.json'), `${JSON.stringify(config, null, 2)}\n`);
writeFileSync(
  join(out, 'generation_config.json'),
  `${JSON.stringify({ bos_token_id: 151643, eos_token_id: 151643, max_new_tokens: 2048 }, null, 2)}\n`,
);
const file = openSync(join(out, 'model.safetensors'), 'w');
const lengthBytes = Buffer.alloc(8);
lengthBytes.writeBigUInt64LE(BigInt(Buffer.byteLength(headerText)));
writeSync(file, lengthBytes);
writeSync(file, headerText);

let state = (Number(flags.seed) * 2654435761) >>> 0 || 1;
/** xorshift32: fast enough for a billion weights. */
function next(): number {
  state ^= state << 13;
  state >>>= 0;
  state ^= state >>> 17;
  state ^= state << 5;
  state >>>= 0;
  return state;
}
const one = dtype === 'F16' ? 0x3c00 : 0x3f80;
const chunk = new Uint16Array(8 * 2 ** 20);
const started = performance.now();
for (const tensor of tensors) {
  let left = tensor.shape.reduce((product, size) => product * size, 1);
  while (left > 0) {
    const count = Math.min(left, chunk.length);
    for (let index = 0; index < count; index += 1) {
      if (tensor.norm) {
        chunk[index] = one;
        continue;
      }
      const bits = next();
      const sign = (bits >>> 31) << 15;
      const power = (bits >>> 27) % 5; // 2^-9 … 2^-5
      chunk[index] =
        dtype === 'F16'
          ? sign | ((15 - 9 + power) << 10) | (bits & 0x3ff)
          : sign | ((127 - 9 + power) << 7) | (bits & 0x7f);
    }
    writeSync(file, chunk.subarray(0, count));
    left -= count;
  }
}
closeSync(file);
console.log(
  `wrote ${out}: ${flags.shape} ${dtype}, ${(offset / 1e9).toFixed(2)} GB of weights in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
