/**
 * PostgreSQL addresses as libpq writes them, with several hosts where a failover group has them
 * (postgres://user@h1:p1,h2:p2/db?target_session_attrs=read-write).
 */

/** postgres:// or postgresql:// selects PostgreSQL (DATABASE_URL); anything else is SQLite's. */
export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//.test(url);
}

interface ParsedUrl {
  /** `postgres://` or `postgresql://`. */
  scheme: string;
  /** `user[:password]@`, or empty. */
  userInfo: string;
  hosts: string[];
  /** `/db`, or empty. */
  path: string;
  params: URLSearchParams;
}

/** WHATWG URL refuses a comma-separated host list, so the address is taken apart by hand. */
function parse(url: string): ParsedUrl | null {
  const match = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]*)([^?#]*)(?:\?([^#]*))?$/.exec(url);
  if (match === null) return null;
  const [, scheme, userInfo, hosts, path, query] = match;
  return {
    scheme: scheme!,
    userInfo: userInfo ?? '',
    hosts: hosts!.split(',').filter((host) => host !== ''),
    path: path ?? '',
    params: new URLSearchParams(query ?? ''),
  };
}

/** Whether `url` lists several hosts (libpq's h1:p1,h2:p2). */
export function isMultiHostUrl(url: string): boolean {
  return (parse(url)?.hosts.length ?? 0) > 1;
}

/**
 * One address per host of `url`, with the same user, database and parameters, less
 * target_session_attrs (pg does not know it: the primary is found by asking each node).
 */
export function singleHostUrls(url: string): string[] {
  const parsed = parse(url);
  if (parsed === null) return [url];
  parsed.params.delete('target_session_attrs');
  const query = parsed.params.toString();
  return parsed.hosts.map(
    (host) =>
      `${parsed.scheme}${parsed.userInfo}${host}${parsed.path}${query === '' ? '' : `?${query}`}`,
  );
}

/** The host:port list of an address, for logs: never its user or password. */
export function serverAddressOf(url: string): string {
  return parse(url)?.hosts.join(',') ?? 'postgres';
}
