// pdf.js's viewer components, which read the library from globalThis.pdfjsLib when they are evaluated: importing the
// library here first makes it evaluate first, even when both chunks are asked for at once (lib/pdfjs.ts).
import * as lib from 'pdfjs-dist';
import '../components/pdf-viewer.css';

export const pdfjsLib = lib;
export * from 'pdfjs-dist/web/pdf_viewer.mjs';
