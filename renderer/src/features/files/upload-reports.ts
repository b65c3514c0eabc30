/** Jobs whose outcome an upload dialog reports itself, so My Files does not report their failure a second time. */
const jobsReportedByUploads = new Set<string>();

export function markReportedByUpload(jobId: string): void {
  jobsReportedByUploads.add(jobId);
}

export function isReportedByUpload(jobId: string): boolean {
  return jobsReportedByUploads.has(jobId);
}
