/** Types of @adobe/structured-data-validator (it ships none): the parts the tests use. */
declare module '@adobe/structured-data-validator' {
  export interface ValidationIssue {
    severity: 'ERROR' | 'WARNING';
    issueMessage: string;
    rootType: string;
    fieldNames?: string[];
  }
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    validate(data: { jsonld?: Record<string, unknown[]> }): Promise<ValidationIssue[]>;
  }
}
