/**
 * The run-time half of "output schemas cannot drift": with SCORM_TESTER_CHECK_OUTPUT=1 (the test suite
 * sets it) every tool result is checked against the tool's full output schema, every depth and its objects
 * closed (checkedOutputSchema in server.ts), not the two-level one tools/list gives, with the same
 * validator the SDK's client uses, after the JSON round trip a client sees. Off by default: normal calls
 * pay nothing, and a client's own check holds them to the listed schema.
 */
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { JsonSchemaType, JsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';

export const CHECK_OUTPUT_ENV = 'SCORM_TESTER_CHECK_OUTPUT';

/** Returns why `data` does not fit the tool's listed output schema, or null when it fits. */
export type OutputCheck = (toolName: string, data: unknown) => string | null;

/** The checker when SCORM_TESTER_CHECK_OUTPUT=1, else null. `schemaOf` gives the schema a tool's results are held to. */
export function outputCheckFromEnv(
  schemaOf: (toolName: string) => object | undefined,
  env: NodeJS.ProcessEnv = process.env,
): OutputCheck | null {
  if (env[CHECK_OUTPUT_ENV] !== '1') return null;
  const validator = new AjvJsonSchemaValidator();
  const compiled = new Map<string, JsonSchemaValidator<unknown> | null>();
  return (toolName, data) => {
    if (!compiled.has(toolName)) {
      const schema = schemaOf(toolName);
      compiled.set(toolName, schema ? validator.getValidator(schema as JsonSchemaType) : null);
    }
    const validate = compiled.get(toolName);
    if (!validate) return `${toolName} declares no output schema`;
    const result = validate(JSON.parse(JSON.stringify(data)) as unknown);
    return result.valid ? null : (result.errorMessage ?? 'invalid');
  };
}
