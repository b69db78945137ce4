#!/usr/bin/env node
// kaja: the Kaja DNS command line.
import { run } from './program';

process.exitCode = await run(process.argv.slice(2));
