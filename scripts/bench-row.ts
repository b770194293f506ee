// One row of `npm run bench`: a measurement, its unit and budget, and whether it met the budget
// (null: reported only). Every bench group returns these.
export interface BenchRow {
  name: string;
  value: number | string;
  unit: string;
  budget: string;
  pass: boolean | null;
}
