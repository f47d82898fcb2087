import { RlverError } from '@rlver/spec';

/** A trajectory turn has no usable token record (`turn.tokens`), so it cannot be trained on. */
export class MissingTokenRecordError extends RlverError {
  readonly episodeId: string;
  readonly turnIndex: number;

  constructor(options: { episodeId: string; turnIndex: number; problem: string }) {
    super({
      name: 'RLVER_MissingTokenRecordError',
      message:
        `trajectory "${options.episodeId}", turn ${options.turnIndex}: ${options.problem}. ` +
        'RL training needs a local trainable policy whose outputs carry `tokens` ' +
        '(promptIds, outputIds and one log-prob per output id).',
    });
    this.episodeId = options.episodeId;
    this.turnIndex = options.turnIndex;
  }
}
