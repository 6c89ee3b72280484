import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module';
import { InquiriesController } from './inquiries.controller';
import { InquiriesService } from './inquiries.service';

@Module({ imports: [SettingsModule], controllers: [InquiriesController], providers: [InquiriesService] })
export class InquiriesModule {}
