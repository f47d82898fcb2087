import { z } from 'zod';

/** Projections LoRA adapters can be put on (PEFT `target_modules` names of Llama / Qwen checkpoints). */
export const LORA_TARGET_MODULES = [
  'q_proj',
  'k_proj',
  'v_proj',
  'o_proj',
  'gate_proj',
  'up_proj',
  'down_proj',
] as const;

/**
 * LoRA of a training run (`lora:` block, `--lora.rank`, `--lora.alpha`, …): only the adapters (and the PPO value
 * head) train; checkpoints carry them in PEFT format (adapter_config.json + adapter_model.safetensors) next to the
 * untouched base weights, and `rlver-train export --merge` folds them into a full checkpoint. `null` (default):
 * full fine-tuning.
 */
export const loraTrainConfigSchema = z
  .object({
    /** Adapter rank r (PEFT `r`). */
    rank: z.number().int().positive().default(8),
    /** Scale numerator: the update is `(alpha / rank) · B·A` (PEFT `lora_alpha`). */
    alpha: z.number().positive().default(16),
    /**
     * Dropout on the adapter input (PEFT `lora_dropout`). This engine folds `scale · B·A` into the projection weight
     * of each forward pass, so it implements 0 only; other values are refused rather than silently ignored.
     */
    dropout: z
      .number()
      .min(0)
      .max(0, {
        message:
          'lora.dropout must be 0: the adapters are folded into the projection weights (W + scale·B·A), so dropout on the adapter input is not implemented; set lora.dropout (--lora.dropout) to 0',
      })
      .default(0),
    /** Projections that get adapters (PEFT `target_modules`). */
    targetModules: z.array(z.enum(LORA_TARGET_MODULES)).min(1).default(['q_proj', 'v_proj']),
    /** Rank-stabilised LoRA: the update is scaled by `alpha / √rank` (PEFT `use_rslora`). */
    useRslora: z.boolean().default(false),
  })
  .strict();
export type LoraTrainConfig = z.output<typeof loraTrainConfigSchema>;
