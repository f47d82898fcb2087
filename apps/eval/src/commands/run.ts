import type { CliCommand } from './cli-command';

// Placeholder until the command lands (tracked in the issues).
export const runCommand: CliCommand = {
  name: 'run',
  summary: '(not available yet)',
  async run() {
    process.stderr.write('rlver-eval run is not available in this build yet\n');
    return 1;
  },
};
