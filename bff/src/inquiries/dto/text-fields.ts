import { Matches } from 'class-validator';

/**
 * C0 controls (line feed and carriage return among them), DEL, C1 controls (U+0085 next line among them), and the
 * Unicode line and paragraph separators: none belongs in a field shown on one line, and each can end a line in a
 * mail, a log or a header built from the field.
 */
const LINE_BREAKS_AND_CONTROLS = '\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029';
const SINGLE_LINE = new RegExp(`^[^${LINE_BREAKS_AND_CONTROLS}]*$`);
/** The same, less tab, line feed and carriage return: the characters of text written on several lines. */
const CONTROLS_BUT_LINE_BREAKS_AND_TABS = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f';
const MULTI_LINE = new RegExp(`^[^${CONTROLS_BUT_LINE_BREAKS_AND_TABS}]*$`);

/** A field shown on one line (a name, a subject): a line break or control character is refused with 400. */
export const SingleLine = (field: string): PropertyDecorator =>
  Matches(SINGLE_LINE, { message: `${field} cannot contain line breaks or control characters` });

/** A field written on several lines (a message): line breaks and tabs are text; other control characters are not. */
export const PlainText = (field: string): PropertyDecorator =>
  Matches(MULTI_LINE, { message: `${field} cannot contain control characters` });

/** `value` on one line: every run of line breaks and control characters becomes one space. */
export function oneLine(value: string): string {
  return value.replace(new RegExp(`[${LINE_BREAKS_AND_CONTROLS}]+`, 'g'), ' ');
}
