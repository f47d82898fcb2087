export { packageVersion } from './package-version';
export {
  type CommandSpec,
  type FlagSpec,
  formatHelp,
  numberFlag,
  type ParsedFlags,
  parseCommandArgs,
} from './parse-command-args';
export { createProgressBar, type ProgressBar } from './progress-bar';
export { runCli } from './run-cli';
