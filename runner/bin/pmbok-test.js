#!/usr/bin/env node
// The CLI's entry: the built module does the work; the exit code is what main answers.
import('../dist/cli/main.js').then(async (cli) => {
  cli.favourMemory();
  const code = await cli.main(process.argv.slice(2));
  process.exitCode = code;
  // Should anything still hold the event loop (a pooled connection, a worker), end anyway shortly after.
  setTimeout(() => process.exit(code), 2000).unref();
});
