import { docxBytes, pdfBytes, plainZipBytes } from '../../support/documents';
import { multipart, type MultipartPart } from './http';
import type { SeededRandom } from './random';

/**
 * The bad-input corpus: for every operation the OpenAPI document lists, requests that the API must refuse with a
 * 4xx. Every request is invalid by construction (a valid base with exactly one thing broken, a junk or missing id,
 * a method the path does not have, a body that cannot be parsed), so none can succeed by accident; the test asserts
 * a 4xx for each, which also catches a generator that slipped.
 */

export interface OpenApiSchema {
  type?: string;
  format?: string;
  enum?: unknown[];
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, OpenApiSchema>;
  required?: string[];
  $ref?: string;
}

interface OpenApiOperation {
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: OpenApiSchema }>;
  requestBody?: { content: Record<string, { schema: OpenApiSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, OpenApiSchema> };
}

/** Real records of the seeded library: junk is aimed at them where only the junk makes a request invalid. */
export interface LibraryIds {
  paperId: number;
  variantIds: number[];
  subjectId: number;
  markSchemeId: number;
  examinerReportId: number;
  faqId: number;
  inquiryId: number;
  userId: number;
  /** A stored file path a record points to (papers/<uuid>.pdf). */
  filePath: string;
  settings: Record<string, unknown>;
}

export interface BadRequest {
  /** What is wrong with it, for failure messages. */
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Bytes for the socket (no HTTP client would send them). */
  raw?: Buffer;
}

const NONEXISTENT = '999999999';
/** Values no id, page or number field accepts. */
const JUNK_NUMBERS = [
  'abc',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  '99999999999999',
  "1' OR '1'='1",
  '1; DROP TABLE users; --',
  '../../etc/passwd',
  '%00',
  'NaN',
  'Infinity',
  '１２',
  '<script>alert(1)</script>',
  '1 UNION SELECT password_hash FROM users',
];
/** Values no enumeration (session, level, role, status, document type ...) accepts. */
const JUNK_WORDS = [
  "' OR 1=1 --",
  '../../etc/passwd',
  'ADMIN',
  'null',
  'undefined',
  '<img src=x onerror=alert(1)>',
  '${7*7}',
  'maybe',
  '\u0000',
  'document; DROP TABLE variants',
];
/** Values no email field accepts. */
const JUNK_EMAILS = [
  "' OR '1'='1",
  "admin'--",
  '<script>@x</script>',
  'a@',
  '@example.com',
  '../../etc/passwd',
  'two words@example.com',
  `${'x'.repeat(250)}@example.com`,
];
const BROKEN_JSON = [
  '{"name": "x",',
  "{'a': 1}",
  'NaN',
  '[1, 2',
  '{"a": 1}}',
  '{"a": undefined}',
  '\u0000{}',
  '{"a": "\\u12"}',
  '{"__proto__": ',
];
/** Parsed fine, but not an object of fields: validated as an empty body (the required fields are missing). */
const NOT_AN_OBJECT = [
  '"just a string"',
  '42',
  'null',
  '[]',
  '[{"name": "x"}]',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
];

/** The current year plus a margin no year field accepts. */
const FAR_YEAR = String(new Date().getFullYear() + 11);

type Encoding = 'json' | 'multipart';

interface BodyOperation {
  /** `${METHOD} ${path}` as the OpenAPI document lists it, plus an update flavour for POST with `_method=PUT`. */
  key: string;
  method: string;
  path: string;
  encoding: Encoding;
  schema: string;
  /** Query of a valid request (the target of an update). */
  query?: (ids: LibraryIds) => string;
  fields: (ids: LibraryIds) => Record<string, unknown>;
  files?: () => Array<{ name: string; filename: string; data: Buffer }>;
  /** Field names whose junk is meaningful beyond the schema's (e.g. the variants JSON of past papers). */
  extra?: (ids: LibraryIds) => Array<{ label: string; fields: Record<string, unknown> }>;
}

const pdf = (text: string) => ({ filename: 'paper.pdf', data: pdfBytes(text) });

/** A valid request for every operation with a body; the corpus breaks one thing in each. */
function bodyOperations(): BodyOperation[] {
  const paperFields = (ids: LibraryIds, update: boolean) => ({
    subject_id: ids.subjectId,
    year: 2024,
    session: 'May/June',
    variants: JSON.stringify(
      update
        ? ids.variantIds.map((id, i) => ({ id, name: `Paper ${i + 1}`, version: i + 1 }))
        : [{ name: 'Fuzz 1', version: 1 }],
    ),
  });
  const paperExtra = (ids: LibraryIds, update: boolean) => {
    const base = paperFields(ids, update);
    const variants = [
      'not json',
      '{}',
      '[]',
      '[{}]',
      '[{"name": "", "version": 1}]',
      '[{"name": "x", "version": "abc"}]',
      '[{"name": "x", "version": 0}]',
      '[{"name": "x", "version": 1001}]',
      '[{"name": ["x"], "version": 1}]',
      `[{"name": "${'x'.repeat(201)}", "version": 1}]`,
      JSON.stringify(Array.from({ length: 21 }, (_, i) => ({ name: `v${i}`, version: i + 1 }))),
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
      ...(update
        ? [
            '[{"id": 999999999, "name": "x", "version": 1}]',
            `[{"id": "${ids.variantIds[0]}; DROP TABLE variants", "name": "x", "version": 1}]`,
            `[{"id": ${ids.variantIds[0]}, "name": "a", "version": 1}, {"id": ${ids.variantIds[0]}, "name": "b", "version": 2}]`,
          ]
        : []),
    ];
    return [
      ...variants.map((v) => ({ label: `variants ${v.slice(0, 40)}`, fields: { ...base, variants: v } })),
      { label: '_method junk', fields: { ...base, _method: 'DELETE' } },
      { label: '_method script', fields: { ...base, _method: '<script>' } },
    ];
  };
  const markScheme = (ids: LibraryIds) => ({
    subject: 'Mathematics',
    code: '0580',
    year: 2024,
    session: 'May/June',
    paperNumber: '1',
    past_paper_id: ids.paperId,
  });
  const report = (ids: LibraryIds) => ({ past_paper_id: ids.paperId, paper_number: '1', summary: 'Fuzz summary' });
  const subject = () => ({ name: 'Fuzz Subject', code: 'FUZZ-1', level: 'other', description: 'Fuzz' });
  const faq = () => ({
    question: 'Fuzz question?',
    answer: '<p>Fuzz answer</p>',
    category: 'General',
    sort_order: 1,
    is_published: true,
  });
  const thresholds = (ids: LibraryIds) => ({
    subject_id: ids.subjectId,
    year: 2024,
    session: 'May/June',
    component: 'Fuzz 1',
    max_marks: 80,
    boundaries: [
      { grade: 'A', min_marks: 60 },
      { grade: 'B', min_marks: 50 },
    ],
  });
  return [
    {
      key: 'POST /grade-thresholds',
      method: 'POST',
      path: '/grade-thresholds',
      encoding: 'json',
      schema: 'GradeThresholdDto',
      fields: thresholds,
    },
    {
      key: 'POST /auth_login.php',
      method: 'POST',
      path: '/auth_login.php',
      encoding: 'json',
      schema: 'LoginDto',
      fields: () => ({ email: 'admin@reliability.example', password: 'not-the-password' }),
    },
    {
      key: 'PUT /settings.php',
      method: 'PUT',
      path: '/settings.php',
      encoding: 'json',
      schema: 'UpdateSettingsDto',
      fields: (ids) => ids.settings,
    },
    {
      key: 'POST /subjects.php',
      method: 'POST',
      path: '/subjects.php',
      encoding: 'json',
      schema: 'SubjectDto',
      fields: subject,
    },
    {
      key: 'POST /subjects.php multipart',
      method: 'POST',
      path: '/subjects.php',
      encoding: 'multipart',
      schema: 'SubjectDto',
      fields: subject,
    },
    {
      key: 'PUT /subjects.php',
      method: 'PUT',
      path: '/subjects.php',
      encoding: 'json',
      schema: 'SubjectDto',
      query: (ids) => `id=${ids.subjectId}`,
      fields: subject,
    },
    {
      key: 'PUT /subjects.php multipart',
      method: 'PUT',
      path: '/subjects.php',
      encoding: 'multipart',
      schema: 'SubjectDto',
      query: (ids) => `id=${ids.subjectId}`,
      fields: subject,
    },
    {
      key: 'POST /past_papers.php',
      method: 'POST',
      path: '/past_papers.php',
      encoding: 'multipart',
      schema: 'PastPaperFormDto',
      fields: (ids) => paperFields(ids, false),
      files: () => [{ name: 'variant_0_document_path', ...pdf('fuzz create') }],
      extra: (ids) => paperExtra(ids, false),
    },
    {
      key: 'POST /past_papers.php _method=PUT',
      method: 'POST',
      path: '/past_papers.php',
      encoding: 'multipart',
      schema: 'PastPaperFormDto',
      fields: (ids) => ({ _method: 'PUT', id: ids.paperId, ...paperFields(ids, true) }),
      extra: (ids) =>
        paperExtra(ids, true).map((e) => ({ ...e, fields: { _method: 'PUT', id: ids.paperId, ...e.fields } })),
    },
    {
      key: 'PUT /past_papers.php',
      method: 'PUT',
      path: '/past_papers.php',
      encoding: 'multipart',
      schema: 'PastPaperFormDto',
      query: (ids) => `id=${ids.paperId}`,
      fields: (ids) => paperFields(ids, true),
      files: () => [{ name: 'variant_0_document_path', ...pdf('fuzz update') }],
      extra: (ids) => paperExtra(ids, true),
    },
    {
      key: 'POST /mark_schemes.php',
      method: 'POST',
      path: '/mark_schemes.php',
      encoding: 'multipart',
      schema: 'MarkSchemeFormDto',
      fields: markScheme,
      files: () => [{ name: 'markSchemeFile', ...pdf('fuzz mark scheme') }],
    },
    {
      key: 'PUT /mark_schemes.php',
      method: 'PUT',
      path: '/mark_schemes.php',
      encoding: 'multipart',
      schema: 'MarkSchemeFormDto',
      query: (ids) => `id=${ids.markSchemeId}`,
      fields: markScheme,
      files: () => [{ name: 'markSchemeFile', ...pdf('fuzz mark scheme update') }],
    },
    {
      key: 'POST /examiner_reports.php',
      method: 'POST',
      path: '/examiner_reports.php',
      encoding: 'multipart',
      schema: 'ExaminerReportFormDto',
      fields: report,
      files: () => [{ name: 'file', ...pdf('fuzz report') }],
    },
    {
      key: 'PUT /examiner_reports.php',
      method: 'PUT',
      path: '/examiner_reports.php',
      encoding: 'multipart',
      schema: 'ExaminerReportFormDto',
      query: (ids) => `id=${ids.examinerReportId}`,
      fields: report,
      files: () => [{ name: 'file', ...pdf('fuzz report update') }],
    },
    { key: 'POST /faqs.php', method: 'POST', path: '/faqs.php', encoding: 'json', schema: 'CreateFaqDto', fields: faq },
    { key: 'POST /faqs', method: 'POST', path: '/faqs', encoding: 'json', schema: 'CreateFaqDto', fields: faq },
    {
      key: 'PUT /faqs.php',
      method: 'PUT',
      path: '/faqs.php',
      encoding: 'json',
      schema: 'UpdateFaqDto',
      query: (ids) => `path=${ids.faqId}`,
      fields: faq,
    },
    {
      key: 'PUT /faqs',
      method: 'PUT',
      path: '/faqs',
      encoding: 'json',
      schema: 'UpdateFaqDto',
      query: (ids) => `path=${ids.faqId}`,
      fields: faq,
    },
    {
      key: 'POST /inquiries.php',
      method: 'POST',
      path: '/inquiries.php',
      encoding: 'json',
      schema: 'CreateInquiryDto',
      fields: () => ({ name: 'Fuzz', email: 'fuzz@example.com', subject: 'Fuzz', message: 'Fuzz message' }),
    },
    {
      key: 'PUT /inquiries.php',
      method: 'PUT',
      path: '/inquiries.php',
      encoding: 'json',
      schema: 'InquiryStatusDto',
      query: (ids) => `path=${ids.inquiryId}`,
      fields: () => ({ status: 'resolved' }),
    },
    {
      key: 'POST /users.php',
      method: 'POST',
      path: '/users.php',
      encoding: 'json',
      schema: 'CreateUserDto',
      fields: () => ({
        name: 'Fuzz User',
        email: 'fuzz-user@example.com',
        role: 'user',
        status: 'active',
        password: 'fuzz-password-1',
        confirmPassword: 'fuzz-password-1',
      }),
      extra: () => [
        {
          label: 'passwords differ',
          fields: {
            name: 'Fuzz User',
            email: 'fuzz-user@example.com',
            role: 'user',
            status: 'active',
            password: 'fuzz-password-1',
            confirmPassword: 'fuzz-password-2',
          },
        },
      ],
    },
    {
      key: 'PUT /users.php',
      method: 'PUT',
      path: '/users.php',
      encoding: 'json',
      schema: 'UpdateUserDto',
      query: (ids) => `id=${ids.userId}`,
      fields: () => ({ name: 'Administrator', email: 'admin@reliability.example', role: 'admin', status: 'active' }),
    },
  ];
}

/** Junk for one property, each making the body invalid whatever the rest holds. */
function junkValues(
  schema: OpenApiSchema,
  required: boolean,
  encoding: Encoding,
  name: string,
  rng: SeededRandom,
): Array<{ label: string; value: unknown }> {
  const out: Array<{ label: string; value: unknown }> = [];
  const sample = (pool: string[], count: number) =>
    rng.sample(pool, count).map((value) => ({ label: JSON.stringify(value).slice(0, 40), value }));
  const isNumber = schema.type === 'number' || schema.type === 'integer';
  if (isNumber) {
    out.push(
      ...sample(
        JUNK_NUMBERS.filter((v) => !(v === '0' && (schema.minimum ?? 1) <= 0)),
        4,
      ),
    );
    if (schema.minimum !== undefined) out.push({ label: 'below the minimum', value: schema.minimum - 1 });
    if (schema.maximum !== undefined) out.push({ label: 'above the maximum', value: schema.maximum + 1 });
    if (name === 'year') out.push({ label: 'far future year', value: FAR_YEAR }, { label: 'year 1999', value: 1999 });
    if (/_id$/.test(name)) out.push({ label: 'a record that does not exist', value: NONEXISTENT });
    if (encoding === 'json')
      out.push(
        { label: 'number as a list', value: [1] },
        { label: 'number as an object', value: { $gt: 0 } },
        { label: 'a fraction', value: 2.5 },
        { label: 'true', value: true },
      );
  } else if (schema.type === 'boolean') {
    out.push({ label: 'boolean maybe', value: 'maybe' }, { label: 'boolean 2', value: encoding === 'json' ? 2 : '2' });
    if (encoding === 'json') out.push({ label: 'boolean list', value: [true] }, { label: 'boolean object', value: {} });
  } else {
    if (schema.enum)
      out.push(...sample(JUNK_WORDS, 3).map((j) => ({ ...j, label: `not one of ${schema.enum!.length}: ${j.label}` })));
    if (schema.format === 'email') out.push(...sample(JUNK_EMAILS, 3));
    if (schema.maxLength !== undefined)
      out.push({ label: `${schema.maxLength + 1} characters`, value: 'x'.repeat(schema.maxLength + 1) });
    if (schema.minLength !== undefined) out.push({ label: 'too short', value: 'x'.repeat(schema.minLength - 1) });
    if (
      encoding === 'json' &&
      (schema.enum || schema.format === 'email' || required || schema.maxLength !== undefined)
    ) {
      out.push(
        { label: 'text as a number', value: 12345 },
        { label: 'text as a list', value: ['x'] },
        { label: 'text as an object', value: { $ne: null } },
        { label: 'text as true', value: true },
      );
    }
  }
  if (required) {
    out.push({ label: 'missing', value: undefined });
    if (encoding === 'json') out.push({ label: 'null', value: null });
  }
  return out;
}

function formParts(
  fields: Record<string, unknown>,
  files: Array<{ name: string; filename: string; data: Buffer; contentType?: string }>,
): MultipartPart[] {
  const parts: MultipartPart[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    // A list where one value is expected: the field sent twice.
    for (const v of Array.isArray(value) ? value : [value])
      parts.push({ name, value: typeof v === 'string' ? v : JSON.stringify(v) });
  }
  return [...parts, ...files];
}

const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path);

/** Every bad request for the operations with a body. */
function badBodies(ids: LibraryIds, doc: OpenApiDocument, rng: SeededRandom, api: string): BadRequest[] {
  const out: BadRequest[] = [];
  for (const op of bodyOperations()) {
    const schema = doc.components.schemas[op.schema];
    if (!schema?.properties) throw new Error(`The OpenAPI document has no schema ${op.schema}`);
    const query = op.query?.(ids) ?? '';
    const path = withQuery(`${api}${op.path}`, query);
    // Junk aimed at a real record only where the body is what is wrong; broken bodies go to a missing record.
    const missingTarget = withQuery(`${api}${op.path}`, query.replace(/=\d+$/, `=${NONEXISTENT}`));
    const base = op.fields(ids);
    const files = op.files?.() ?? [];
    const json = (label: string, fields: Record<string, unknown>): BadRequest => ({
      label: `${op.key}: ${label}`,
      method: op.method,
      path,
      headers: { 'Content-Type': 'application/json' },
      body: Buffer.from(JSON.stringify(fields)),
    });
    const form = (label: string, fields: Record<string, unknown>, withFiles = files, target = path): BadRequest => {
      const { body, contentType } = multipart(formParts(fields, withFiles));
      return {
        label: `${op.key}: ${label}`,
        method: op.method,
        path: target,
        headers: { 'Content-Type': contentType },
        body,
      };
    };
    const one = op.encoding === 'json' ? json : (label: string, fields: Record<string, unknown>) => form(label, fields);

    // One property broken at a time.
    for (const [name, property] of Object.entries(schema.properties)) {
      const required = schema.required?.includes(name) ?? false;
      for (const junk of junkValues(property, required, op.encoding, name, rng))
        out.push(one(`${name} ${junk.label}`, { ...base, [name]: junk.value }));
    }
    for (const extra of op.extra?.(ids) ?? []) out.push(one(extra.label, extra.fields));
    const requiredNames = schema.required ?? [];
    if (requiredNames.length > 0) {
      // Prototype pollution keys are dropped (unknown fields are stripped), so they ride on a missing field. A
      // computed key makes "__proto__" an own property, sent as a field like any other.
      const withoutFirst = { ...base, [requiredNames[0]!]: undefined };
      out.push(
        one('__proto__ and constructor keys, first required field missing', {
          ...withoutFirst,
          ['__proto__']: { role: 'admin' },
          constructor: { prototype: { role: 'admin' } },
        }),
      );
    }

    if (op.encoding === 'json') {
      const raw = (label: string, body: string | Buffer, contentType = 'application/json'): BadRequest => ({
        label: `${op.key}: ${label}`,
        method: op.method,
        path: missingTarget,
        headers: { 'Content-Type': contentType },
        body: Buffer.isBuffer(body) ? body : Buffer.from(body),
      });
      for (const text of rng.sample(BROKEN_JSON, 5))
        out.push(raw(`broken JSON ${JSON.stringify(text).slice(0, 30)}`, text));
      if (requiredNames.length > 0)
        for (const text of rng.sample(NOT_AN_OBJECT, 3)) out.push(raw(`not an object ${text.slice(0, 20)}`, text));
      out.push(
        raw(
          '2 MB JSON body',
          JSON.stringify({ ...base, [Object.keys(schema.properties)[0]!]: 'x'.repeat(2 * 1024 * 1024) }),
        ),
      );
      out.push(raw('unsupported charset', JSON.stringify(base), 'application/json; charset=latin1'));
      if (requiredNames.length > 0) {
        out.push(raw('JSON sent as text/plain', JSON.stringify(base), 'text/plain'));
        out.push(
          raw(
            'XML',
            '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
            'application/xml',
          ),
        );
        out.push(
          raw(
            'urlencoded with repeated fields',
            Object.keys(base)
              .map((k) => `${k}=a&${k}=b`)
              .join('&'),
            'application/x-www-form-urlencoded',
          ),
        );
      }
      continue;
    }

    // Multipart: files that are not documents, names that try to leave the folder, sizes over the limits, and
    // bodies that are not valid multipart at all.
    const fileField = files[0]?.name;
    if (fileField) {
      const swap = (label: string, file: { filename: string; data: Buffer; contentType?: string }) =>
        out.push(form(label, base, [{ name: fileField, ...file }, ...files.slice(1)]));
      swap('an HTML file named .pdf', {
        filename: 'paper.pdf',
        data: Buffer.from('<html><script>alert(1)</script></html>'),
        contentType: 'application/pdf',
      });
      swap('a Windows executable named .pdf', {
        filename: 'paper.pdf',
        data: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 1)]),
      });
      swap('a zip that is not a Word file, named .docx', { filename: 'paper.docx', data: plainZipBytes() });
      swap('an empty file', { filename: 'paper.pdf', data: Buffer.alloc(0) });
      swap('a PDF named .exe', { filename: 'paper.exe', data: pdfBytes('exe') });
      swap('a PDF named .php', { filename: 'shell.php', data: pdfBytes('php') });
      swap('a PDF named ../../../etc/cron.d/x', { filename: '../../../etc/cron.d/x', data: pdfBytes('traversal') });
      swap('a DOCX named ..\\..\\x.sh', { filename: '..\\..\\x.sh', data: docxBytes() });
      swap('a file over the 10 MB limit', {
        filename: 'big.pdf',
        data: Buffer.concat([pdfBytes('big'), Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)]),
      });
      out.push(
        form('a file in a field no variant has', base, [
          ...files,
          { name: op.path === '/past_papers.php' ? 'variant_7_document_path' : 'unexpected_file', ...pdf('stray') },
        ]),
      );
    }
    if (op.path !== '/subjects.php') {
      out.push(
        form(
          '70 files',
          base,
          Array.from({ length: 70 }, (_, i) => ({ name: fileField ?? `f${i}`, ...pdf(`many ${i}`) })),
        ),
      );
    } else {
      out.push(form('a file where none is taken', base, [{ name: 'file', ...pdf('subject file') }]));
    }
    out.push(form('a 2 MB field', { ...base, [Object.keys(schema.properties)[0]!]: 'x'.repeat(2 * 1024 * 1024) }));
    out.push(
      form('150 fields', {
        ...base,
        ...Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`extra${i}`, 'x'])),
        [requiredNames[0] ?? 'x']: undefined,
      }),
    );
    const { body, contentType } = multipart(formParts(base, files));
    const boundary = contentType.split('boundary=')[1]!;
    const broken = (label: string, b: Buffer, type = contentType): BadRequest => ({
      label: `${op.key}: ${label}`,
      method: op.method,
      path: missingTarget,
      headers: { 'Content-Type': type },
      body: b,
    });
    out.push(broken('no boundary in the content type', body, 'multipart/form-data'));
    out.push(broken('a boundary that is not in the body', body, 'multipart/form-data; boundary=not-the-boundary'));
    out.push(broken('cut off before the closing boundary', body.subarray(0, Math.floor(body.length * 0.6))));
    out.push(
      broken(
        'a part without Content-Disposition',
        Buffer.from(`--${boundary}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${boundary}--\r\n`),
      ),
    );
    out.push(
      broken(
        'part headers that never end',
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n${'X-Junk: y\r\n'.repeat(3000)}`),
      ),
    );
    out.push(broken('random bytes', Buffer.from(Array.from({ length: 4096 }, () => rng.int(0, 255)))));
    if (op.path !== '/subjects.php')
      out.push(broken('JSON where a form is required', Buffer.from(JSON.stringify(base)), 'application/json'));
  }
  return out;
}

type ParamKind = 'lookup' | 'filter' | 'bounded' | 'enum' | 'text';

function paramKind(name: string, schema: OpenApiSchema | undefined): ParamKind {
  if (['id', 'path', 'download_id', 'download_variant_id'].includes(name)) return 'lookup';
  if (name === 'subject_id') return 'filter';
  if (name === 'page' || name === 'limit') return 'bounded';
  if (schema?.enum || name === 'published_only' || name === 'level') return 'enum';
  return 'text';
}

/**
 * A valid query that makes the server read this parameter: the download type and `inline` only matter for a
 * download. Null when the parameter cannot be made invalid on this operation.
 */
function queryContext(method: string, path: string, name: string, ids: LibraryIds): string | null {
  const key = `${method} ${path}`;
  if (key === 'GET /past_papers.php') {
    if (name === 'variant_document_type' || name === 'inline') return `download_variant_id=${ids.variantIds[0]}`;
    if (name === 'document_type') return `download_id=${ids.paperId}`;
  }
  if (key === 'GET /mark_schemes.php' && name === 'inline') return `download_id=${ids.markSchemeId}`;
  if (key === 'GET /examiner_reports.php' && name === 'inline') return `download_id=${ids.examinerReportId}`;
  return '';
}

const enc = encodeURIComponent;

/** Bad query and path values for every operation. */
function badQueries(ids: LibraryIds, doc: OpenApiDocument, rng: SeededRandom, api: string): BadRequest[] {
  const out: BadRequest[] = [];
  for (const [rawPath, methods] of Object.entries(doc.paths)) {
    const path = rawPath.replace(/^\/backend\/api/, '');
    for (const [method, op] of Object.entries(methods)) {
      const m = method.toUpperCase();
      const params = op.parameters ?? [];
      const pathParam = params.find((p) => p.in === 'path');
      const realPath = (() => {
        if (!pathParam) return path;
        if (path.startsWith('/files/')) return `/files/${ids.filePath}`;
        const id = path.includes('mark-schemes')
          ? ids.markSchemeId
          : path.includes('examiner-reports')
            ? ids.examinerReportId
            : ids.paperId;
        return path.replace(`{${pathParam.name}}`, String(id));
      })();
      const request = (label: string, p: string, query: string): BadRequest => ({
        label: `${m} ${path}: ${label}`,
        method: m,
        path: withQuery(`${api}${p}`, query),
        headers: {},
      });

      for (const param of params.filter((p) => p.in === 'query')) {
        const context = queryContext(m, path, param.name, ids);
        if (context === null) continue;
        const kind = paramKind(param.name, param.schema);
        // Writes (PUT, DELETE) get their target from this parameter: never a real one.
        const values: string[] =
          kind === 'text'
            ? []
            : kind === 'enum'
              ? rng.sample(
                  JUNK_WORDS.filter((w) => w !== 'null' && w !== 'undefined'),
                  3,
                )
              : rng.sample(JUNK_NUMBERS, 5);
        if (kind === 'lookup' && (m === 'GET' || m === 'DELETE' || m === 'PUT')) values.push(NONEXISTENT);
        if (kind === 'bounded') values.push(param.name === 'limit' ? '101' : '1000001');
        const join = (q: string) => [context, q].filter(Boolean).join('&');
        for (const value of values)
          out.push(request(`${param.name}=${value}`, realPath, join(`${param.name}=${enc(value)}`)));
        // A repeated key is an array where one value is expected.
        out.push(request(`${param.name} given twice`, realPath, join(`${param.name}=1&${param.name}=2`)));
        if (kind === 'text')
          out.push(
            request(`${param.name} of 20,000 characters`, realPath, join(`${param.name}=${'x'.repeat(20_000)}`)),
          );
      }

      // A write addressed without a valid target (the API takes ?id= for these).
      if ((m === 'PUT' || m === 'DELETE') && !params.some((p) => p.in === 'query' && p.required)) {
        for (const value of [NONEXISTENT, ...rng.sample(JUNK_NUMBERS, 2)])
          out.push(request(`id=${value}`, path, `id=${enc(value)}`));
      }

      if (pathParam && path.startsWith('/files/')) {
        for (const junk of [
          '../../../../etc/passwd',
          '..%2f..%2f..%2fetc%2fpasswd',
          'papers/%2e%2e/%2e%2e/bff.log',
          'papers/../../bff.log',
          '../jwt-secret',
          '%2e%2e%2fjwt-secret',
          'papers/00000000-0000-4000-8000-000000000000.pdf',
          `${ids.filePath.replace(/\.pdf$/, '.exe')}`,
          `${ids.filePath}%00.txt`,
          `papers/${'a'.repeat(400)}.pdf`,
          '..\\..\\..\\windows\\win.ini',
          'C:/Windows/win.ini',
          '%E0%A4%A',
        ]) {
          out.push({
            label: `GET ${path}: ${junk.slice(0, 50)}`,
            method: 'GET',
            path: `${api}/files/${junk}`,
            headers: {},
          });
        }
      } else if (pathParam) {
        for (const junk of [
          ...rng.sample(JUNK_NUMBERS, 5).map(enc),
          NONEXISTENT,
          '..%2F..%2Fetc%2Fpasswd',
          '%E0%A4%A',
          '1%00',
        ]) {
          // With the operation's own method (the writes of /imports/{id}/... included): junk never reaches a record.
          out.push({
            label: `${m} ${path}: ${pathParam.name}=${junk}`,
            method: m,
            path: `${api}${path.replace(`{${pathParam.name}}`, junk)}`,
            headers: {},
          });
        }
      }
    }
  }
  return out;
}

/** Methods a path does not have (404), and request lines no HTTP server accepts (400 from Node itself). */
function badMethods(doc: OpenApiDocument, api: string): BadRequest[] {
  const out: BadRequest[] = [];
  for (const [rawPath, methods] of Object.entries(doc.paths)) {
    if (rawPath.includes('{')) continue;
    const path = rawPath.replace(/^\/backend\/api/, '');
    const listed = Object.keys(methods).map((m) => m.toUpperCase());
    for (const m of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'PROPFIND']) {
      if (!listed.includes(m))
        out.push({
          label: `${m} ${path}: method the path does not have`,
          method: m,
          path: `${api}${path}`,
          headers: {},
        });
    }
    out.push({
      label: `FOO ${path}: unknown method`,
      method: 'FOO',
      path: `${api}${path}`,
      headers: {},
      raw: Buffer.from(`FOO ${api}${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
    });
  }
  return out;
}

/** Requests broken below the API: framing, headers, request lines. */
function badFraming(api: string): BadRequest[] {
  const raw = (label: string, text: string): BadRequest => ({
    label: `raw: ${label}`,
    method: 'RAW',
    path: `${api}/inquiries.php`,
    headers: {},
    raw: Buffer.from(text, 'latin1'),
  });
  const post = `POST ${api}/inquiries.php HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\n`;
  return [
    raw('a non-numeric Content-Length', `${post}Content-Length: abc\r\n\r\n{}`),
    raw('two different Content-Lengths', `${post}Content-Length: 2\r\nContent-Length: 40\r\n\r\n{}`),
    raw(
      'Content-Length and chunked together',
      `${post}Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    ),
    raw('a broken chunk size', `${post}Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`),
    raw(
      'a header of 20 KB',
      `GET ${api}/settings.php HTTP/1.1\r\nHost: x\r\nX-Junk: ${'y'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
    ),
    raw(
      'a header without a colon',
      `GET ${api}/settings.php HTTP/1.1\r\nHost: x\r\nNoColonHere\r\nConnection: close\r\n\r\n`,
    ),
    raw('HTTP/9.9', `GET ${api}/settings.php HTTP/9.9\r\nHost: x\r\n\r\n`),
    raw(
      'a request line with a space in the path',
      `GET ${api}/settings.php?a=b c HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    ),
    raw('a NUL in the path', `GET ${api}/settings.php\u0000 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
  ];
}

/** The whole corpus, in a seeded random order. */
export function buildCorpus(doc: OpenApiDocument, ids: LibraryIds, rng: SeededRandom, api: string): BadRequest[] {
  const all = [
    ...badQueries(ids, doc, rng, api),
    ...badBodies(ids, doc, rng, api),
    ...badMethods(doc, api),
    ...badFraming(api),
  ];
  return rng.sample(all, all.length);
}

/** Credentials that are not valid: a request carrying them is anonymous on public routes and refused on others. */
export function forgedCredentials(validToken: string): Array<Record<string, string>> {
  const [header, payload] = validToken.split('.');
  const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
  const forgedClaims = Buffer.from(
    JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), role: 'admin', sub: 1 }),
  ).toString('base64url');
  return [
    { Authorization: 'Bearer junk' },
    { Authorization: `Bearer ${unsigned}` },
    { Authorization: `Bearer ${header}.${forgedClaims}.${validToken.split('.')[2]}` },
    { Authorization: `Bearer ${validToken.slice(0, -2)}xx` },
    { Authorization: "Bearer ' OR 1=1 --" },
    { Authorization: 'Basic YWRtaW46YWRtaW4=' },
    { Cookie: "auth_token=' OR '1'='1" },
    { Cookie: `auth_token=${'x'.repeat(4000)}` },
  ];
}
