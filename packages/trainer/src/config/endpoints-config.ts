import { type RoleEndpointConfig, roleEndpointConfigSchema } from '@rlver/llm';
import { z } from 'zod';

/** One LLM endpoint role of a run; defined once in `@rlver/llm` (shared with `rlver-eval run`). */
export { type RoleEndpointConfig, roleEndpointConfigSchema };

/**
 * LLM endpoints of a training run, per role. Training calls one role: the `simulator` (an `openai:<model>`
 * simulated user); the policy trains locally and training has no judge.
 */
export const trainEndpointsConfigSchema = z
  .object({
    /** The simulated user's endpoint (`--simulator openai:<model>`). */
    simulator: roleEndpointConfigSchema.optional(),
  })
  .strict();
