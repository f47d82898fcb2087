export { formatSchemaFlag, formatSchemaHelp, type SchemaHelpSection } from './format-schema-help';
export { packageVersion } from './package-version';
export {
  type CommandSpec,
  type FlagSpec,
  formatHelp,
  numberFlag,
  type ParsedFlags,
  parseCommandArgs,
} from './parse-command-args';
export {
  type FlagAlias,
  type ParsedSchemaFlags,
  type ParseSchemaFlagsOptions,
  parseSchemaFlags,
} from './parse-schema-flags';
export { createProgressBar, type ProgressBar } from './progress-bar';
export { type ConfigSource, describeFieldSource, readConfigFile } from './read-config-file';
export { runCli } from './run-cli';
export { schemaCommandFlags, schemaFlagOverrides } from './schema-command-flags';
export {
  describeSchemaFlags,
  kebabCase,
  normalizeFlagName,
  type SchemaFlag,
  type SchemaFlagKind,
} from './schema-flags';
