import { RlverError } from '@rlver/spec';

/**
 * Whole-dialogue packing found a turn whose prompt does not start with the previous prompt plus the previous
 * output (spec §5.5): the chat template re-tokenised earlier text, or reasoning was stripped from the context.
 * Training on such a sequence would train on tokens the policy never generated.
 */
export class ChatTemplatePrefixError extends RlverError {
  readonly episodeId: string;
  /** 1-based policy turn whose prompt breaks the prefix. */
  readonly turnIndex: number;
  /** First token position where the prompt differs from the packed prefix. */
  readonly mismatchIndex: number;

  constructor(options: { episodeId: string; turnIndex: number; mismatchIndex: number; prefixLength: number }) {
    super({
      name: 'RLVER_ChatTemplatePrefixError',
      message:
        `trajectory "${options.episodeId}", turn ${options.turnIndex}: promptIds do not start with the previous ` +
        `prompt + output (${options.prefixLength} tokens; first difference at token ${options.mismatchIndex}). ` +
        'The chat template must render earlier turns with exactly the generated token ids (no re-tokenisation, ' +
        "no stripped <think>); otherwise set packing to 'per-turn'.",
    });
    this.episodeId = options.episodeId;
    this.turnIndex = options.turnIndex;
    this.mismatchIndex = options.mismatchIndex;
  }
}
