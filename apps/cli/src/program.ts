import { Command, CommanderError } from 'commander';
import { KajaError } from '@kaja/sdk';
import { version } from './client';
import { dnssecCommand } from './commands/dnssec';
import { keysCommand } from './commands/keys';
import { loginCommand } from './commands/login';
import { recordsCommand } from './commands/records';
import { zoneAsCodeCommand } from './commands/zoneAsCode';
import { zonesCommand } from './commands/zones';
import { CliError, exitCodeOf, exitCodes } from './exitCodes';
import { processOutput } from './output';

const exitCodeHelp = `
Exit codes:
  0  done
  1  the API refused or failed the call (validation, quota, server error, no answer)
  2  wrong command line or input file; nothing was sent
  3  no API key, or the key was refused or lacks the scope for the call
  4  the zone, record or key is not there
  5  conflict: the name is taken, or the zone changed since the plan

Environment: KAJA_API_KEY and KAJA_API_URL override the key and API address \`kaja login\` stored.`;

/** The `kaja` program; `run` parses and runs it and gives the exit status. */
export function buildProgram(): Command {
  const program = new Command('kaja')
    .description('Kaja DNS from the command line: zones, records, DNSSEC, API keys, and zones as code')
    .version(version)
    .option('--json', 'print results as JSON, for scripts')
    .option('--api-url <url>', 'the API’s address (default: KAJA_API_URL, else the stored login’s, else https://api.kaja.dns/v1)')
    .addHelpText('after', exitCodeHelp)
    .showHelpAfterError()
    .exitOverride();
  const output = () => processOutput(Boolean(program.opts<{ json?: boolean }>().json));
  loginCommand(program, output);
  zonesCommand(program, output);
  recordsCommand(program, output);
  dnssecCommand(program, output);
  keysCommand(program, output);
  zoneAsCodeCommand(program, output);
  // Every subcommand stops on a usage error instead of exiting itself, so that run() gives the status.
  const override = (command: Command) => {
    for (const sub of command.commands) override(sub.exitOverride());
  };
  override(program);
  return program;
}

export async function run(argv: string[]): Promise<number> {
  const program = buildProgram();
  const json = argv.includes('--json');
  try {
    await program.parseAsync(argv, { from: 'user' });
    return exitCodes.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and the version are exits without an error; commander printed its message already.
      return error.exitCode === 0 ? exitCodes.ok : exitCodes.usage;
    }
    const [message, code, details] =
      error instanceof KajaError
        ? [error.message, exitCodeOf(error), { code: error.code, status: error.status, details: error.details }]
        : error instanceof CliError
          ? [error.message, error.exitCode, {}]
          : [`Unexpected failure: ${error instanceof Error ? error.message : String(error)}`, exitCodes.apiError, {}];
    if (json) process.stderr.write(`${JSON.stringify({ error: { message, exit_code: code, ...details } })}\n`);
    else {
      const fields =
        error instanceof KajaError
          ? Object.entries(error.details).map(([field, problem]) => `  ${field}: ${typeof problem === 'string' ? problem : JSON.stringify(problem)}`)
          : [];
      process.stderr.write(`kaja: ${message}\n${fields.join('\n')}${fields.length ? '\n' : ''}`);
    }
    return code;
  }
}
