#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { formatHelp, parseCommandArgs, runCli } from '@rlver/cli-kit';
import { buildSimulator, createEndpointFactory } from '@rlver/factories';
import { InvalidInputError } from '@rlver/spec';
import { createScenarioSource } from './episodes/scenario-source';
import { createServeApp } from './serve-app';
import { resolveServeConfig, SERVE_SPEC } from './serve-command-spec';

// Under `pnpm serve` the script runs in the app's folder; resolve paths from where the user typed it.
if (process.env.RLVER_CWD) process.chdir(process.env.RLVER_CWD);

void runCli(async () => {
  const { flags, positionals, help, version } = parseCommandArgs(process.argv.slice(2), SERVE_SPEC);
  if (help || version) {
    process.stdout.write(help ? formatHelp(SERVE_SPEC) : `rlver-serve ${SERVE_SPEC.version}\n`);
    return 0;
  }
  // Everything that can be wrong with the input fails here, before the server listens.
  const config = resolveServeConfig(flags, positionals);
  if (config.profilesFile && !existsSync(config.profilesFile)) {
    throw new InvalidInputError({ file: config.profilesFile, message: 'not found; check --profiles' });
  }
  const scenarios = createScenarioSource({ profilesFile: config.profilesFile });
  const endpoints = createEndpointFactory(config);
  buildSimulator(config.simulator, config.preset, endpoints);
  for (const warning of await endpoints.probeAll()) process.stderr.write(`warning: ${warning}\n`);
  const server = await createServeApp({
    simulatorFor: (key) =>
      buildSimulator(config.simulator, key.preset, endpoints, key.maxTurns ? { maxPolicyTurns: key.maxTurns } : {}),
    scenarios,
    stateDir: config.stateDir,
    fsync: config.fsync,
    defaults: { preset: config.preset, lang: config.lang },
    maxEpisodes: config.maxEpisodes,
    idleTimeoutMs: config.idleTimeoutMs,
    replicaId: config.replicaId,
  });
  const url = await server.listen(config.host, config.port);
  process.stdout.write(`listening on ${url}\n`);
  process.stderr.write(
    `rlver-serve: simulator ${server.service.simulatorId}, preset ${config.preset}, scenarios ${scenarios.description}, ` +
      `${server.store.episodeCount()} open episodes ${config.stateDir ? `recovered from ${config.stateDir}` : '(memory only: no --state-dir)'}\n`,
  );
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  process.stderr.write(`rlver-serve: closing${config.stateDir ? ` (open episodes stay in ${config.stateDir})` : ''}\n`);
  await server.close();
  return 0;
});
