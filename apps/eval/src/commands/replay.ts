import { type CommandSpec, formatHelp, parseCommandArgs } from '@rlver/cli-kit';
import { createOfflineSimulator, replayTranscriptFile } from '@rlver/simulator';
import { InvalidConfigError } from '@rlver/spec';
import type { CliCommand } from './cli-command';

const SPEC: CommandSpec = {
  usage: 'rlver-eval replay <sage-result.jsonl> [options]',
  summary:
    'Replay a recorded SAGE result file (spec §7.3) through a simulated user: every judged reply, with its recorded history and profile, gets a predicted emotion change beside the recorded one.',
  positionals: [{ name: '<sage-result.jsonl>', description: 'A SAGE result file: one dialogue per line with history' }],
  flags: {
    simulator: {
      type: 'string',
      description: 'Simulated user to replay with',
      default: 'offline',
      choices: ['offline'],
    },
    'emotion-source': {
      type: 'string',
      description: 'State each reply is judged in: the recorded one (teacher forcing) or the simulator’s own',
      default: 'recorded',
      choices: ['recorded', 'replayed'],
    },
    seed: { type: 'string', description: 'Seed of the simulated user', default: '0' },
    json: { type: 'boolean', description: 'One JSON line per turn, then {"replayScore": x}' },
  },
  details:
    'replayScore = mean final emotion from applying the predicted changes along each recorded dialogue under the sage rules (start 40, clamp ±10, stop at ≥ 100 or < 10), over the recorded turns only.\nExample: rlver-eval replay runs/gpt-4o_result.jsonl --json',
};

/** `rlver-eval replay`: thin wiring over `replayTranscriptFile` of @rlver/simulator. */
export const replayCommand: CliCommand = {
  name: 'replay',
  summary: 'Replay a SAGE result file through the offline simulated user (fidelity)',
  async run(argv) {
    const { flags, positionals, help } = parseCommandArgs(argv, SPEC);
    if (help) {
      process.stdout.write(formatHelp(SPEC));
      return 0;
    }
    const [file, ...extra] = positionals;
    if (file === undefined || extra.length > 0) {
      throw new InvalidConfigError({
        message: 'give exactly one <sage-result.jsonl> file; see `rlver-eval replay --help`',
      });
    }
    const seed = Number(flags.seed);
    if (!Number.isInteger(seed))
      throw new InvalidConfigError({ field: '--seed', message: `--seed "${String(flags.seed)}" is not an integer` });
    const simulator = createOfflineSimulator({ preset: 'sage' });
    const emotionSource = flags['emotion-source'] === 'replayed' ? 'replayed' : 'recorded';
    const result = await replayTranscriptFile(file, simulator, { emotionSource, seed });
    const lines: string[] = [];
    for (const dialogue of result.dialogues) {
      for (const turn of dialogue.turns) {
        lines.push(
          flags.json
            ? JSON.stringify(turn)
            : `${turn.profileId}\tturn ${turn.turn}\tpredicted ${turn.predicted}\trecorded ${turn.recorded}`,
        );
      }
    }
    lines.push(
      flags.json
        ? JSON.stringify({ replayScore: result.replayScore })
        : `replayScore ${result.replayScore.toFixed(1)} (recorded score ${result.recordedScore.toFixed(1)}, ${result.dialogues.length} dialogues)`,
    );
    // Wait for the write to flush: runCli exits right after, which would cut a large piped output short.
    await new Promise<void>((resolve) => process.stdout.write(`${lines.join('\n')}\n`, () => resolve()));
    return 0;
  },
};
