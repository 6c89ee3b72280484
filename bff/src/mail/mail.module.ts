import { Global, Module } from '@nestjs/common';
import { MailOutbox } from './mail-outbox.service';

@Global()
@Module({ providers: [MailOutbox], exports: [MailOutbox] })
export class MailModule {}
