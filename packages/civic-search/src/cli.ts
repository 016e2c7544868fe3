#!/usr/bin/env node
/** The `civic-search` command. */
import { runCli } from './cli/run';

process.exitCode = await runCli(process.argv.slice(2), process.env);
