import fastJson from 'fast-json-stringify';
import { type ZodType, z } from 'zod';

/**
 * A route's response serializer compiled once from its zod response schema (via the schema's JSON
 * Schema) by fast-json-stringify, for hot read routes (places search: docs/PERFORMANCE.md). The app's
 * default serializer parses every answer with zod before `JSON.stringify`; this one writes the
 * schema's properties straight out, so an object's extra fields are still left out, a missing
 * required one still fails the answer, and the OpenAPI document still comes from the zod schema.
 * Only for schemas without transforms: `z.toJSONSchema` refuses those when the app is built.
 */
export function fastSerializerCompiler({ schema }: { schema: unknown }): (data: unknown) => string {
  const jsonSchema = z.toJSONSchema(schema as ZodType, { io: 'output', target: 'draft-7' });
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
}
