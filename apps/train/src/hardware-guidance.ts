import { formatGiB, hardwareGuidance, WASM_HEAP_BYTES } from '@rlver/model';
import type { TrainConfig } from '@rlver/trainer';
import { attentionPasses } from './build-training-components';

/**
 * Sustained float32 training throughput measured on this project's 2-core machine shared with other jobs
 * (2026-11-26). wasm (1 thread): `packages/model/scripts/benchmark-lora.ts` (a 26.7 M-parameter model, 4 × 128
 * tokens, full fine-tuning, 6·N·tokens per step) 48.2 s = 1.7 GFLOP/s. tfjs-node: a Qwen2.5-0.5B-shaped
 * checkpoint's LoRA policy-gradient step (`packages/model/scripts/benchmark-real-checkpoint.ts --modes lora
 * --checkpoint-layers`, rank 16 on all 7 projections, 2 × 128 tokens, counted as 4·N·tokens) took 23.1 s =
 * 21.9 GFLOP/s at load 12–13, with layers checkpointed as `loadTransformerModel` does from 100 M parameters
 * (`docs/decisions/2026-11-26-threaded-load-and-lean-lora.md`; before: 102.8 s = 4.9 GFLOP/s at load 17–30).
 */
export const MEASURED_GFLOPS: Readonly<Record<'wasm' | 'tensorflow', number>> = { wasm: 1.7, tensorflow: 21.9 };

/** The LoRA updates measured on real-sized checkpoints (same script and settings, native), quoted by `--dry-run`. */
export const MEASURED_LORA_UPDATES = [
  { model: 'Qwen2.5-0.5B', tokens: '2×128', tokensPerSecond: 11.1, peakRssGiB: 3.61 },
  { model: 'Qwen2.5-1.5B', tokens: '1×32', tokensPerSecond: 3.8, peakRssGiB: 6.8 },
] as const;

/**
 * Upper-bound FLOPs of one training step of a model of `parameters` parameters: every reply generated to
 * `maxNewTokens` (2·N per token with the KV cache) and every dialogue scored at `maxContextTokens` in the update
 * (forward + backward: 6·N per token in full fine-tuning, 4·N under LoRA where no base-weight gradient is formed).
 */
export function stepFlops(config: TrainConfig, parameters: number, lora: boolean): number {
  const dialogues = config.profilesPerStep * config.groupSize;
  const generated = dialogues * config.maxPolicyTurns * config.sampling.maxNewTokens * config.branching;
  const scored = dialogues * config.maxContextTokens * (config.packing === 'per-turn' ? config.maxPolicyTurns : 1);
  return 2 * parameters * generated + (lora ? 4 : 6) * parameters * scored;
}

function duration(seconds: number): string {
  if (seconds < 120) return `${seconds.toFixed(0)} s`;
  if (seconds < 7200) return `${(seconds / 60).toFixed(0)} min`;
  if (seconds < 172_800) return `${(seconds / 3600).toFixed(0)} h`;
  return `${(seconds / 86_400).toFixed(0)} days`;
}

/**
 * The hardware table of `--dry-run` for this run's budgets: for Qwen2.5 0.5B / 1.5B / 7B, full and LoRA, the
 * memory a step needs (from the published shapes) and where it fits, with an estimated (not measured) step time
 * on wasm and on tfjs-node from the measured throughput. tfjs-node-gpu: the GPU's memory must hold the same bytes.
 */
export function formatHardwareGuidance(config: TrainConfig): string {
  const lora = { rank: config.lora?.rank ?? 16, targetModules: config.lora?.targetModules ?? ['q_proj', 'v_proj'] };
  const rows = hardwareGuidance({ passes: attentionPasses(config), lora, valueHead: config.algo === 'ppo' });
  const lines = [
    `# hardware guidance for these budgets (maxContextTokens ${config.maxContextTokens}, maxNewTokens ${config.sampling.maxNewTokens}, ${config.profilesPerStep * config.groupSize} dialogues × ${config.maxPolicyTurns} turns per step; LoRA rank ${lora.rank})`,
    '  model          mode  params  trainable  memory     wasm (4 GiB heap)          tfjs-node (CPU RAM)   tfjs-node-gpu',
  ];
  for (const row of rows) {
    const flops = stepFlops(config, row.parameters, row.mode === 'lora');
    const wasm =
      row.totalBytes <= WASM_HEAP_BYTES
        ? `fits, ~${duration(flops / (MEASURED_GFLOPS.wasm * 1e9))}/step`
        : 'refused: over 4 GiB';
    const native = `~${duration(flops / (MEASURED_GFLOPS.tensorflow * 1e9))}/step`;
    lines.push(
      `  ${row.model.padEnd(14)} ${row.mode.padEnd(5)} ${(row.parameters / 1e9).toFixed(2).padStart(5)} B ${(row.trainableParameters / 1e6).toFixed(1).padStart(8)} M  ${formatGiB(row.totalBytes).padEnd(9)}  ${wasm.padEnd(26)} ${native.padEnd(21)} needs ${formatGiB(row.totalBytes)} of GPU memory`,
    );
  }
  for (const measured of MEASURED_LORA_UPDATES) {
    lines.push(
      `  measured here (native, 2 cores, LoRA rank 16 on all 7 projections): ${measured.model} update of ${measured.tokens} tokens at ${measured.tokensPerSecond} tokens/s, ${measured.peakRssGiB} GiB peak RSS`,
    );
  }
  lines.push(
    `  step times are estimates (upper bound: every reply at maxNewTokens) from ${MEASURED_GFLOPS.wasm} GFLOP/s (wasm) and ${MEASURED_GFLOPS.tensorflow} GFLOP/s (tfjs-node) measured on 2 CPU cores; memory is a lower bound (f32 weights, gradients, AdamW, largest attention pass)`,
  );
  return lines.join('\n');
}
