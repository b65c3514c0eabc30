import type { Database } from '../../db/client.js';
import { conversionJobs } from '../../db/schema/index.js';
import { JobRecords } from '../../jobs/job-records.js';

/** Named queries on the converter's jobs: those of every job table (a conversion has no columns of its own to ask). */
export class ConversionJobRecords extends JobRecords<typeof conversionJobs> {
  constructor(db: Database) {
    super(db, conversionJobs);
  }
}
