import { ConfigError, loadConfig, type AppConfig } from '../config';

/**
 * What the operator commands (`npm run terms:publish`, `backup`, `restore`) share: the server's
 * configuration, read as the server reads it, and how a command ends. Exit codes: 0 done, 1
 * refused or failed (the message says why), 2 a usage or configuration mistake.
 */

/** The server's configuration, or the exit code after telling the operator what is wrong. */
export function commandConfig(): AppConfig | number {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
}

/** Runs a command's main and exits with its code; an error nobody caught prints and exits 1. */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
