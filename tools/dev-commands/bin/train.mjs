#!/usr/bin/env node
import { runAppCli } from '../run-app-cli.mjs';

runAppCli('apps/train/src/cli.ts');
