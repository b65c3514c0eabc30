import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** The columns most tables share, written once so every table spells them the same way. */

/** A row's id: a random UUID. */
export const rowId = () => uuid('id').primaryKey().defaultRandom();

/** A moment in time; every timestamp of the schema carries its time zone. */
export const moment = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was made. */
export const createdAt = () => moment('created_at').notNull().defaultNow();
