/** Injection tokens for values that are not classes. */
export const APP_CONFIG = Symbol('APP_CONFIG');
export const DATABASE = Symbol('DATABASE');
export const LOGGER = Symbol('LOGGER');
/** Which external command-line tools were found at boot. */
export const TOOLS = Symbol('TOOLS');
