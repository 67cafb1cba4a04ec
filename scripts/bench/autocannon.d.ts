// The part of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    /** Requests and bytes only: the count over the whole run. */
    total?: number;
  }
  export interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    headers?: Record<string, string>;
    requests?: (RawRequest & {
      setupRequest?: (request: RawRequest, context: Record<string, unknown>) => RawRequest;
    })[];
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  export interface Tracker {
    /** Each response, with its latency in milliseconds (fractional, from process.hrtime). */
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void,
    ): Tracker;
  }
  export default function autocannon(options: Options): Promise<Result>;
  export default function autocannon(
    options: Options,
    done: (error: Error | null, result: Result) => void,
  ): Tracker;
}
