import { InvalidConfigError } from '@rlver/spec';

/** Backends `--report-to` accepts. */
export const REPORT_TO_BACKENDS = ['tensorboard', 'mlflow', 'wandb'] as const;
export type ReportToBackend = (typeof REPORT_TO_BACKENDS)[number];

/**
 * Parse `--report-to` (a comma list as in TRL, or a list from a config file): `none` or empty means no tracking,
 * `all` every backend. Duplicates are dropped; an unknown name throws, naming the ones there are (the message starts
 * with `field`; pass `''` to leave it out).
 */
export function parseReportTo(value: string | readonly string[], field = '--report-to'): ReportToBackend[] {
  const names = (typeof value === 'string' ? value.split(',') : value).map((name) => name.trim().toLowerCase());
  const chosen = new Set<ReportToBackend>();
  for (const name of names) {
    if (name === '' || name === 'none') continue;
    if (name === 'all') {
      for (const backend of REPORT_TO_BACKENDS) chosen.add(backend);
      continue;
    }
    if (!(REPORT_TO_BACKENDS as readonly string[]).includes(name)) {
      throw new InvalidConfigError({
        field,
        message: `${field ? `${field} ` : ''}"${name}" is not a tracking backend; use a comma list of ${REPORT_TO_BACKENDS.join(', ')} (or none, all)`,
      });
    }
    chosen.add(name as ReportToBackend);
  }
  return [...chosen];
}
