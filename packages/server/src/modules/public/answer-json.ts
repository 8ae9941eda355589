/**
 * The opened link's answer as JSON, its forms written once per cached form version (issue 16, the
 * participant's first call). The route schema's serializer checks and writes the whole answer for
 * every link opened, the forms most of it (3.8 of a 5.4 KiB answer for a 30-question form): 12 % of
 * the server's CPU for validateToken in the write bench's profile. The forms are the cached
 * documents' participant shapes (pages.ts participantFormOf), the same object for every link of a
 * form version, so each is checked against its schema and written once; the rest of the answer is
 * checked and written for each link as the serializer would, and the parts joined. Like the
 * serializer's, the result holds only what the schemas name (loose objects keep their other keys).
 */
import {
  type ParticipantFormWire,
  ParticipantFormWireSchema,
  PublicFillSchema,
  type PublicLinkOpened,
  PublicLinkOpenedSchema,
  PublicProcessFormSchema,
  PublicProcessWireSchema,
} from '@trialbase/domain';
import type { FastifyRequest } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** The answer without its fill: checked and written for each link. */
const AnswerWithoutFill = PublicLinkOpenedSchema.omit({ fill: true });
const ProcessWithoutForms = PublicProcessWireSchema.omit({ forms: true });
const FormWithoutDocument = PublicProcessFormSchema.omit({ form: true });
const FillState = PublicFillSchema.shape.state;

/** Where the answer goes, for the error of an answer that does not match its schema (a 500, logged). */
type Route = Pick<FastifyRequest, 'method' | 'url'>;

/** `value` checked against `schema` and written as JSON, as the route serializer does (and fails likewise). */
function encoded<T extends z.ZodType>(route: Route, schema: T, value: unknown): string {
  const result = schema.safeEncode(value as z.output<T>);
  if (!result.success) throw new ResponseSerializationError(route.method, route.url, { cause: result.error });
  return JSON.stringify(result.data);
}

/** The JSON of `object` (a JSON object's text) with one more member at its end. */
function withMember(objectJson: string, name: string, valueJson: string): string {
  return `${objectJson.slice(0, -1)}${objectJson === '{}' ? '' : ','}${JSON.stringify(name)}:${valueJson}}`;
}

const formsWritten = new WeakMap<ParticipantFormWire, string>();

function formJson(route: Route, form: ParticipantFormWire): string {
  let json = formsWritten.get(form);
  if (json === undefined) {
    json = encoded(route, ParticipantFormWireSchema, form);
    formsWritten.set(form, json);
  }
  return json;
}

/** The answer of validateToken, consent and validateOneTimePassword (PublicLinkOpenedSchema) as JSON. */
export function linkOpenedJson(route: Route, answer: PublicLinkOpened): string {
  const { fill, ...rest } = answer;
  const json = encoded(route, AnswerWithoutFill, rest);
  if (fill === null) return withMember(json, 'fill', 'null');
  const { forms, ...process } = fill.process;
  const formList = forms.map(({ form, ...entry }) =>
    withMember(encoded(route, FormWithoutDocument, entry), 'form', formJson(route, form)),
  );
  const processJson = withMember(
    encoded(route, ProcessWithoutForms, process),
    'forms',
    `[${formList.join(',')}]`,
  );
  const fillJson = `{"process":${processJson},"state":${encoded(route, FillState, fill.state)}}`;
  return withMember(json, 'fill', fillJson);
}
