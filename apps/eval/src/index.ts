export type { CliCommand } from './commands/cli-command';
export { reportCommand } from './commands/report';
