// @pactflow/swagger-mock-validator names a declaration file it does not ship: the part used here.
declare module '@pactflow/swagger-mock-validator' {
  export interface ValidationFinding {
    code: string;
    message: string;
    type: 'error' | 'warning';
    mockDetails?: { interactionDescription?: string; location?: string; value?: unknown };
    specDetails?: { location?: string; value?: unknown };
  }
  export interface ValidationOutcome {
    success: boolean;
    failureReason?: string;
    errors: ValidationFinding[];
    warnings: ValidationFinding[];
  }
  export const SwaggerMockValidatorFactory: {
    create(auth?: string): {
      validate(options: {
        specPathOrUrl: string;
        mockPathOrUrl: string;
      }): Promise<ValidationOutcome>;
    };
  };
}
