// autocannon ships no types and @types/autocannon is not a dependency: the slice of its API the load runner uses.
declare module 'autocannon' {
  namespace autocannon {
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      p50: number;
      p90: number;
      p97_5: number;
      p99: number;
      total: number;
    }

    interface RequestContext {
      [key: string]: unknown;
    }

    interface RequestSpec {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (req: RequestSpec, context: RequestContext) => RequestSpec | null | undefined;
      onResponse?: (status: number, body: string, context: RequestContext, headers: Record<string, string>) => void;
    }

    interface Options {
      url: string;
      title?: string;
      connections?: number;
      duration?: number;
      amount?: number;
      overallRate?: number;
      connectionRate?: number;
      timeout?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      requests?: RequestSpec[];
      bailout?: number;
    }

    interface Result {
      title?: string;
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      resets: number;
      latency: Histogram;
      requests: Histogram;
      statusCodeStats: Record<string, { count: number }>;
      start: Date;
      finish: Date;
    }

    interface Instance extends PromiseLike<Result> {
      stop(): void;
    }
  }

  function autocannon(opts: autocannon.Options): autocannon.Instance;
  export = autocannon;
}
