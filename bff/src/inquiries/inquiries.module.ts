import { Module } from '@nestjs/common';
import { InquiriesController } from './inquiries.controller';
import { InquiriesService } from './inquiries.service';

@Module({ controllers: [InquiriesController], providers: [InquiriesService] })
export class InquiriesModule {}
