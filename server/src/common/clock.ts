/** The current time, as a dependency so that expiry rules can be tested without waiting. */
export class Clock {
  now(): Date {
    return new Date();
  }
}
