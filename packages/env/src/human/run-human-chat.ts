import type { Readable, Writable } from 'node:stream';
import type { Profile, Trajectory, UserSimulatorV1 } from '@rlver/spec';
import type { DialogueEnvOptions } from '../dialogue-env-options';
import { runEpisode } from '../run-episode';
import { createTerminalPolicy } from './create-terminal-policy';
import { formatChatOpening, formatChatTurn } from './format-chat-events';

export interface RunHumanChatOptions extends Omit<DialogueEnvOptions, 'simulator'> {
  profile: Profile;
  simulator: UserSimulatorV1;
  seed: number;
  input: Readable;
  output: Writable;
  /** Show the simulated user's inner thoughts after each turn. Default true. */
  showThoughts?: boolean;
  signal?: AbortSignal;
}

/**
 * Human play: a person types the assistant's replies in the terminal against a simulated user, through the same
 * `runEpisode` loop as training and the benchmark. Prints the emotion, Δ and inner thoughts after each turn.
 * `/quit` or end of input ends the episode as `interrupted`.
 */
export async function runHumanChat(options: RunHumanChatOptions): Promise<Trajectory> {
  const controller = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
  const policy = createTerminalPolicy({
    input: options.input,
    output: options.output,
    onQuit: () => controller.abort(),
  });
  try {
    const trajectory = await runEpisode({
      ...options,
      policy,
      signal,
      maxRetries: 0,
      onEpisodeStart: (state) => options.output.write(formatChatOpening(state)),
      onTurnEnd: (result) => options.output.write(formatChatTurn(result, options.showThoughts ?? true)),
    });
    if (trajectory.opening.message === '') {
      // The simulator could not start: no turn was played, so nothing was printed yet.
      options.output.write(
        `— ended: ${trajectory.stopReason}${trajectory.error ? ` (${trajectory.error.message})` : ''}\n`,
      );
    }
    return trajectory;
  } finally {
    policy.close();
  }
}
