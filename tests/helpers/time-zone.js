/**
 * Jest global setup: the whole run uses a server time zone that is not UTC (override with TEST_TZ), so the
 * tests prove that wire values and aggregate dates do not depend on it. It is set here, in the process that
 * runs the suites (`--runInBand`) or spawns the workers: a test file's own `process.env` is a copy, and
 * setting TZ there does not move the process's zone.
 */
module.exports = () => {
  process.env.TZ = process.env.TEST_TZ || 'Asia/Kolkata';
};
