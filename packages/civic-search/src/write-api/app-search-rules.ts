/**
 * App Search's limits and error texts for its engines, schema and documents endpoints, in one place. Where App
 * Search's reference or its recorded answers give the words, they are used as given (clients and CMS modules show
 * or compare them); where it gives none, the text is ours, in the same style. The README lists which is which.
 */

/** Documents in one create, update or delete request ("There is a 100 document per request limit"). */
export const MAX_DOCUMENTS_PER_REQUEST = 100;
/** One document's size as JSON, in bytes ("each document must be less than 100kb"). */
export const MAX_DOCUMENT_BYTES = 100 * 1024;
/** A whole request body ("An indexing request may not exceed 10mb"): 100 documents of 100 KB fit in it. */
export const MAX_REQUEST_BYTES = 10 * 1024 * 1024;
/** Fields of one document and of an engine's schema ("Schema Fields: 64 fields"), the id not counted. */
export const MAX_FIELDS = 64;
/** Length of a document id ("id Schema Field Value Length: 800 characters"). */
export const MAX_ID_LENGTH = 800;
/** Engines listed per page when a request names no size, as App Search answers (`size: 25`). */
export const ENGINES_PAGE_SIZE_DEFAULT = 25;
/** Documents listed per page when a request names no size. */
export const DOCUMENTS_PAGE_SIZE_DEFAULT = 100;
/** The largest page of engines or documents one request may ask for: a page's work stays bounded. */
export const PAGE_SIZE_MAX = 100;
/** Ids in one get or delete request: the same bound as a batch of documents. */
export const MAX_IDS_PER_REQUEST = MAX_DOCUMENTS_PER_REQUEST;

/** App Search's own words, where it has them. */
export const MESSAGES = {
  /** A request without credentials (App Search answers with its sign-in framework's text). */
  signInRequired: 'You need to sign in or sign up before continuing.',
  /** A request with a key that is not the private key (App Search's recorded answer). */
  invalidToken: 'Invalid authentication token.',
  /** An engine name nobody created (App Search's recorded answer). */
  unknownEngine: 'Could not find engine.',
  /** Creating an engine whose name is taken. */
  nameTaken: 'Name is already taken',
  /** A partial update without an id (App Search's documented answer). */
  missingId: "Missing required key 'id'",
  /** A partial update of an id the engine does not hold. */
  documentNotFound: 'Document not found',
  tooManyDocuments: `Too many documents in one request: at most ${MAX_DOCUMENTS_PER_REQUEST} are accepted.`,
  tooManyIds: `Too many ids in one request: at most ${MAX_IDS_PER_REQUEST} are accepted.`,
  notAnObject: 'Document must be a JSON object',
  documentTooLarge: `Exceeds maximum allowed document size of ${MAX_DOCUMENT_BYTES} bytes`,
  tooManyFields: `Document has too many fields: at most ${MAX_FIELDS} are allowed, the id not counted`,
  schemaFull: `Adding this document's new fields would take the engine's schema past ${MAX_FIELDS} fields`,
  schemaLimit: `An engine's schema can have at most ${MAX_FIELDS} fields`,
  idType: 'Id must be a string or a number',
  idLength: `Id must be 1 to ${MAX_ID_LENGTH} characters long`,
  nameRequired: 'Name is required',
  documentsBody: 'The request body must be a JSON array of documents (or one document).',
  idsBody: 'The request body must be a JSON array of document ids.',
  idsType: 'Document ids must be strings or numbers.',
  schemaBody: 'The request body must be a JSON object of field names and types, like {"published_date": "date"}.',
  metaEngines: 'Only engines of type "default" can be created here; meta engines are not supported.',
  languageType: 'Language must be a language code such as "en", or null for universal',
  requestTooLarge: `The request body is larger than ${MAX_REQUEST_BYTES} bytes.`,
  sendJson: 'Send the request body as application/json.',
  invalidJson: 'The request body is not valid JSON.',
  otherSites: 'Requests from other sites are not accepted here.',
  unexpected: 'The request could not be completed: an unexpected error occurred',
} as const;

/** Why a field name is refused, as a document or schema error. */
export const invalidFieldName = (field: string, problem: string) => `Invalid field name "${field}": ${problem}`;
/** A value that does not fit its field's type (`problem` is the engines module's, e.g. "must be a number"). */
export const invalidFieldValue = (field: string, type: string, problem: string) =>
  `Invalid field value: "${field}" is a ${type} field and its value ${problem}`;
/** A nested object (or list of lists): App Search stores flat documents only ("Nested objects are not supported"). */
export const nestedValue = (field: string) => `Invalid field value: "${field}" holds a nested object or list; flatten it first`;
/** A partial update names a field the schema lacks: only a full create or the schema API adds fields. */
export const unknownPatchField = (field: string) =>
  `Invalid field "${field}": a partial update can only change fields in the engine's schema; add it with the schema API or index the whole document first`;
/** A schema type App Search does not have. */
export const invalidFieldType = (field: string, type: unknown) =>
  `Invalid field type for "${field}": ${JSON.stringify(type)} (use text, number, date or geolocation)`;
/** A paging parameter out of range. */
export const invalidPage = (name: 'current' | 'size', max?: number) =>
  name === 'current' ? 'Page current must be a whole number of at least 1' : `Page size must be a whole number from 1 to ${max}`;
/** A method the path does not take. */
export const methodNotAllowed = (method: string, allowed: readonly string[]) =>
  `${method} is not allowed here; use ${allowed.join(' or ')}.`;
