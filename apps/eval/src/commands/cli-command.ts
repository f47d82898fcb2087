/** One `rlver-eval` subcommand. Its file owns its flags, help text and wiring. */
export interface CliCommand {
  name: string;
  /** One line for the top-level help. */
  summary: string;
  /** Runs the command; returns the process exit code. Throws RLVER errors for bad input (exit 2). */
  run(argv: string[]): Promise<number>;
}
