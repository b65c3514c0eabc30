import { type RateLimiterAbstract, RateLimiterMemory } from 'rate-limiter-flexible';
import { type CounterSpec, RateCounters } from './rate-counters.port.js';

/** Counters in this process: right for one server process, and only then. */
export class MemoryRateCounters extends RateCounters {
  counter(spec: CounterSpec): RateLimiterAbstract {
    return new RateLimiterMemory(spec);
  }
}
