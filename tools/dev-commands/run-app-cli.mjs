import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');

/**
 * Run an app's CLI from its TypeScript source (`tsx --conditions=source`) in this process's terminal: stdin,
 * stdout and stderr are inherited (a TTY stays a TTY), Ctrl-C reaches the CLI (same process group) and its exit
 * code or signal becomes ours. Paths on the command line resolve from where the user typed the command.
 */
export function runAppCli(relativeCliPath) {
  const child = spawn(
    process.execPath,
    [tsxCli, '--conditions=source', join(repositoryRoot, relativeCliPath), ...process.argv.slice(2)],
    { stdio: 'inherit', env: { ...process.env, RLVER_CWD: process.env.RLVER_CWD || process.cwd() } },
  );
  // The terminal sends Ctrl-C to the whole process group; the CLI handles it, so this wrapper only waits.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => {});
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    } else process.exit(code ?? 1);
  });
}
