import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of the published SAGE transcripts beside the project (`../shared/data/sage/transcripts`, read at run
 * time, never copied; spec §1.3). Exits with status 2 and says where it looked when the folder is missing, as the
 * scripts that read it cannot run without it.
 */
export function sharedTranscriptsRoot(): string {
  const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  const root = join(projectRoot, '..', 'shared', 'data', 'sage', 'transcripts');
  if (!existsSync(root)) {
    process.stderr.write(`no transcripts at ${root}; this script needs the shared SAGE data (spec §1.3)\n`);
    process.exit(2);
  }
  return root;
}
