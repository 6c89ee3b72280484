import { DocumentController } from '../documents/document-controller';
import { MarkSchemeFormDto } from './dto/mark-scheme-form.dto';
import { MarkSchemesService } from './mark-schemes.service';
import { MarkSchemeView } from './mark-scheme.view';

/** /mark_schemes.php: public downloads (?download_id=); admin list and writes (the shared document controller). */
export const MarkSchemesController = DocumentController({
  name: 'MarkSchemes',
  path: 'mark_schemes.php',
  tag: 'mark schemes',
  noun: 'mark scheme',
  article: 'a',
  fileField: 'markSchemeFile',
  view: MarkSchemeView,
  form: MarkSchemeFormDto,
  service: MarkSchemesService,
  target: (links, id) => links.markScheme(id),
  tooLarge: (mb) => `File is too large (max ${mb}MB).`,
});
