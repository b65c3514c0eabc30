const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path parameter can be one of our ids; anything else is "not found" without asking the database. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
