import { DocumentController } from '../document-sections/document-section.controller';
import { MarkSchemeFormDto } from './dto/mark-scheme-form.dto';
import { MARK_SCHEME_SECTION } from './mark-scheme.section';
import { MarkSchemeView } from './mark-scheme.view';

/** /mark_schemes.php: public downloads (?download_id=); admin list and writes (the shared section controller). */
export const MarkSchemesController = DocumentController({
  name: 'MarkSchemes',
  path: 'mark_schemes.php',
  tag: 'mark schemes',
  noun: 'mark scheme',
  article: 'a',
  fileField: MARK_SCHEME_SECTION.fileField,
  view: MarkSchemeView,
  form: MarkSchemeFormDto,
  target: (links, id) => links.markScheme(id),
  tooLarge: (mb) => `File is too large (max ${mb}MB).`,
});
