import type { CliCommand } from './cli-command';

// Placeholder until the command lands (tracked in the issues).
export const replayCommand: CliCommand = {
  name: 'replay',
  summary: '(not available yet)',
  async run() {
    process.stderr.write('rlver-eval replay is not available in this build yet\n');
    return 1;
  },
};
