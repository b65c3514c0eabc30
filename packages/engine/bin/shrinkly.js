#!/usr/bin/env node
// The command-line entry point; the CLI itself is compiled from src/cli.ts by `npm run build`.
import '../dist/cli.js';
