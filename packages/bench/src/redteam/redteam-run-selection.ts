import { InvalidConfigError, type Language } from '@rlver/spec';
import { selectFamilies } from './families/redteam-families';

/** What one run of the red-team scripts covers (`redteam-shared.ts`): languages, families and the adaptive attack. */
export interface RedTeamRunSelection {
  /** Languages to attack, in report order (default zh then en). */
  languages: Language[];
  /** Family ids to run (undefined: every family). */
  families: string[] | undefined;
  /** Whether to run the adaptive attack after the families (default true; `--no-adaptive` skips it). */
  adaptive: boolean;
}

/** The value after `name`, or undefined when the flag is absent; a flag without a value throws naming it. */
function flagValue(argv: readonly string[], name: string): string | undefined {
  const index = argv.indexOf(name);
  if (index < 0) return undefined;
  const value = argv[index + 1];
  if (value === undefined || value.startsWith('--')) {
    throw new InvalidConfigError({ field: name, message: `${name} needs a value (see the script's header)` });
  }
  return value;
}

/**
 * Read `--lang zh|en|zh,en`, `--families id,id,…` and `--no-adaptive` from a script's command line, so an iteration
 * can run one language and the families it works on instead of the whole suite (minutes on a shared machine). Unknown
 * languages and family ids throw, naming the flag and the accepted values.
 */
export function parseRedTeamSelection(argv: readonly string[]): RedTeamRunSelection {
  const langFlag = flagValue(argv, '--lang');
  const languages = (langFlag ?? 'zh,en').split(',').map((part) => part.trim());
  for (const lang of languages) {
    if (lang !== 'zh' && lang !== 'en') {
      throw new InvalidConfigError({
        field: '--lang',
        message: `--lang: unknown language "${lang}"; use zh, en or zh,en`,
      });
    }
  }
  const familiesFlag = flagValue(argv, '--families');
  const families = familiesFlag
    ?.split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  // Validates the ids (throws naming the known ones).
  if (families) selectFamilies(families);
  return { languages: languages as Language[], families, adaptive: !argv.includes('--no-adaptive') };
}
