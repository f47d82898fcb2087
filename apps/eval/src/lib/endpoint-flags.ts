import type { FlagSpec } from '@rlver/cli-kit';

/** The endpoint flags shared by the commands that build `openai:<model>` clients (`--cache-dir` differs per command). */
export const ENDPOINT_FLAGS: Record<'base-url' | 'cache', FlagSpec> = {
  'base-url': {
    type: 'string',
    description: 'OpenAI-compatible endpoint for openai:<model> (default https://api.openai.com/v1)',
  },
  cache: {
    type: 'string',
    description: 'record/replay LLM calls',
    choices: ['write', 'read', 'off'],
    default: 'off',
  },
};
