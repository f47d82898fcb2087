import type { CliCommand } from './cli-command';

// Placeholder until the command lands (tracked in the issues).
export const chatCommand: CliCommand = {
  name: 'chat',
  summary: '(not available yet)',
  async run() {
    process.stderr.write('rlver-eval chat is not available in this build yet\n');
    return 1;
  },
};
