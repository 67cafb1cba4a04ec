import { z } from 'zod';

/**
 * A configuration written as a table in the shape of the object it yields: each leaf is an
 * environment variable (its name and zod schema: default, bounds, messages), or a value computed
 * from several. The zod schema of the environment, the type of the configuration and the loader are
 * all derived from that one table, so a setting is written once.
 */

/** One environment variable and how it is read. */
export interface Setting<Name extends string = string, Schema extends z.ZodType = z.ZodType> {
  readonly env: Name;
  readonly schema: Schema;
}

/** The environment variable `env`, read by `schema`; its value goes where the setting is placed. */
export function setting<Name extends string, Schema extends z.ZodType>(
  env: Name,
  schema: Schema,
): Setting<Name, Schema> {
  return { env, schema };
}

type ValuesOf<Inputs extends readonly Setting[]> = {
  [I in keyof Inputs]: Inputs[I] extends Setting<string, infer Schema> ? z.output<Schema> : never;
};

/** A value made of several variables (a setting may feed more than one: pass the same object). */
export interface Derived<Inputs extends readonly Setting[], Value> {
  readonly inputs: Inputs;
  readonly compute: (...values: ValuesOf<Inputs>) => Value;
}

/** The value `compute` makes of the variables `inputs`, read and validated first. */
export function derived<const Inputs extends readonly Setting[], Value>(
  inputs: Inputs,
  compute: (...values: ValuesOf<Inputs>) => Value,
): Derived<Inputs, Value> {
  return { inputs, compute };
}

/** The configuration a table yields: a setting's parsed value, a derived value, or a group. */
export type ConfigOf<Table> = {
  [K in keyof Table]: Table[K] extends Setting<string, infer Schema>
    ? z.output<Schema>
    : Table[K] extends { compute: (...values: never) => infer Value }
      ? Value
      : ConfigOf<Table[K]>;
};

type SettingsIn<Node> = Node extends Setting
  ? Node
  : Node extends { inputs: infer Inputs extends readonly Setting[] }
    ? Inputs[number]
    : { [K in keyof Node]: SettingsIn<Node[K]> }[keyof Node];

/** Every variable of a table by name, parsed: what a check across variables sees. */
export type EnvOf<Table> = {
  [S in SettingsIn<Table> as S extends Setting<infer Name> ? Name : never]: S extends Setting<
    string,
    infer Schema
  >
    ? z.output<Schema>
    : never;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Node = Setting | Derived<readonly Setting[], unknown> | { readonly [key: string]: Node };

function isSetting(node: Node): node is Setting {
  return 'env' in node && 'schema' in node;
}

function isDerived(node: Node): node is Derived<readonly Setting[], unknown> {
  return 'inputs' in node && 'compute' in node;
}

function settingsIn(node: Node): Setting[] {
  if (isSetting(node)) return [node];
  if (isDerived(node)) return [...node.inputs];
  return Object.values(node).flatMap(settingsIn);
}

function valueOf(node: Node, env: Record<string, unknown>): unknown {
  if (isSetting(node)) return env[node.env];
  if (isDerived(node)) {
    const compute = node.compute as (...values: unknown[]) => unknown;
    return compute(...node.inputs.map((input) => env[input.env]));
  }
  return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, valueOf(child, env)]));
}

/**
 * The loader of `table`: it parses the environment with every variable's schema, then `check`
 * across variables, and throws ConfigError listing every bad variable, one line each.
 */
export function configReader<Table extends object>(
  table: Table,
  check: (env: EnvOf<Table>, ctx: z.RefinementCtx) => void = () => {},
): (env: Record<string, string | undefined>) => ConfigOf<Table> {
  const shape: Record<string, z.ZodType> = {};
  for (const { env, schema } of settingsIn(table as Node)) {
    // A variable fed to two places is the same Setting object; two declarations would disagree.
    if (shape[env] !== undefined && shape[env] !== schema) {
      throw new Error(`${env} is declared twice in the configuration table`);
    }
    shape[env] = schema;
  }
  const envSchema = z.object(shape).superRefine((e, ctx) => check(e as EnvOf<Table>, ctx));
  return (env) => {
    const result = envSchema.safeParse(env);
    if (!result.success) {
      const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
      throw new ConfigError(`Invalid configuration in the environment:\n${lines.join('\n')}`);
    }
    return valueOf(table as Node, result.data) as ConfigOf<Table>;
  };
}
