export type { CliCommand } from './commands/cli-command';
