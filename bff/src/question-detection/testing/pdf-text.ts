import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { LaidOutTextBuilder, type LaidOutText, type PdfJsTextContent } from '../laid-out-text';

interface RawPage {
  view: number[];
  styles: PdfJsTextContent['styles'];
  items: PdfJsTextContent['items'];
}

/**
 * Reads PDFs into the detector's input with pdf.js in a child process (pdfjs-dist is an ES module that jest cannot
 * load in-process). One reader serves many documents; close it when done.
 */
export class PdfTextReader {
  private child: ChildProcess | null = null;
  private next = 1;
  private readonly pending = new Map<number, { resolve: (pages: RawPage[]) => void; reject: (error: Error) => void }>();

  async read(pdf: Buffer): Promise<LaidOutText> {
    const pages = await this.raw(pdf);
    const builder = new LaidOutTextBuilder();
    for (const page of pages) builder.addPage({ items: page.items, styles: page.styles }, page.view);
    return builder.build();
  }

  close(): void {
    this.child?.disconnect();
    this.child = null;
  }

  private raw(pdf: Buffer): Promise<RawPage[]> {
    const child = this.start();
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      child.send({ id, pdf: pdf.toString('base64') });
    });
  }

  private start(): ChildProcess {
    if (this.child) return this.child;
    const child = fork(join(__dirname, 'pdf-text-content.cjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.on('message', (message: { id: number; pages?: RawPage[]; error?: string }) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.pages) waiting.resolve(message.pages);
      else waiting.reject(new Error(message.error ?? 'unreadable PDF'));
    });
    child.on('exit', () => {
      for (const waiting of this.pending.values()) waiting.reject(new Error('the PDF reader exited'));
      this.pending.clear();
      this.child = null;
    });
    this.child = child;
    return child;
  }
}
