import { InvalidConfigError, InvalidInputError, MissingAPIKeyError, RlverError } from '@rlver/spec';

/**
 * Run a CLI main function: user errors (config, input, missing key) print one clear line and exit 2;
 * other RLVER errors exit 1 with their message; unexpected errors print the stack. A closed stdout pipe exits 0.
 */
export async function runCli(main: () => Promise<number>): Promise<never> {
  // `rlver-eval tag replies.jsonl | head`: a reader that closed the pipe ends the command quietly.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  let code: number;
  try {
    code = await main();
  } catch (error) {
    if (
      InvalidConfigError.isInstance(error) ||
      InvalidInputError.isInstance(error) ||
      MissingAPIKeyError.isInstance(error)
    ) {
      process.stderr.write(`error: ${(error as Error).message}\n`);
      code = 2;
    } else if (RlverError.isInstance(error)) {
      process.stderr.write(`error: ${(error as Error).message}\n`);
      code = 1;
    } else {
      process.stderr.write(
        `unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      code = 1;
    }
  }
  process.exit(code);
}
