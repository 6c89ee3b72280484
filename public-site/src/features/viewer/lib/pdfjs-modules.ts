// pdf.js and its viewer components, in this order: the viewer components read the library from
// globalThis.pdfjsLib when they are evaluated. One module, so both download at once (lib/pdfjs.ts loads it lazily).
import * as lib from 'pdfjs-dist';
import * as viewer from 'pdfjs-dist/web/pdf_viewer.mjs';
import '../components/pdf-viewer.css';

export { lib, viewer };
