#!/usr/bin/env node
import { runAppCli } from '../run-app-cli.mjs';

runAppCli('apps/serve/src/cli.ts');
