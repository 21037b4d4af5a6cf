import { progressStream, UsageError, type AdminCommand } from './command.ts';
import { describeSamCsvImport, importSamCsv, samCsvFileProblem } from './sam-csv.ts';

export const importGovernmentOpportunitiesCommand: AdminCommand = {
  name: 'import-government-opportunities',
  summary: "Load SAM.gov's daily CSV extract of active opportunities (a first full load), upserting by notice id.",
  help: `<FILE.csv> [--dry-run]

  <FILE.csv>   SAM.gov's ContractOpportunitiesFullCSV.csv (Data Services, Contract Opportunities),
               UTF-8 or Windows-1252, read as a stream; its header must name the extract's columns
  --dry-run    read and map every row and report, writing nothing
  Rows go in batches of 1,000 through government.upsertOpportunities: a new notice is inserted, a
  stored one replaced when this version is not older, and a row that cannot be stored is skipped and
  reported with its line, never failing the import. Warnings count the values stored as null.`,
  options: {
    'dry-run': { type: 'boolean' },
  },
  positional: 'file',
  async prepare(values, io) {
    const file = values.file;
    if (typeof file !== 'string')
      throw new UsageError('the CSV file is required: import-government-opportunities <FILE.csv>.');
    const problem = await samCsvFileProblem(file);
    if (problem) throw new UsageError(problem);
    const dryRun = values['dry-run'] === true;
    return async (caller) => {
      const report = await importSamCsv(file, { caller, dryRun, progress: progressStream(io, values) });
      return { json: report, text: describeSamCsvImport(report) };
    };
  },
};
