import { ApiData } from '../openapi/responses';
import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, Public } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { UpdateSettingsDto } from './dto/update-settings.dto';
import { SettingsService } from './settings.service';
import { SiteSettingsView } from './settings.view';

@ApiTags('settings')
@Controller('settings.php')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @ApiOperation({ summary: 'Site settings (public)' })
  @Public()
  @ApiData(SiteSettingsView)
  @Get()
  async get() {
    return { data: await this.settings.get() };
  }

  @ApiOperation({ summary: 'Save site settings (admin)' })
  @ApiData(SiteSettingsView)
  @Put()
  async save(@Auth() user: AuthUser, @Body() dto: UpdateSettingsDto) {
    return { data: await this.settings.update(user, dto) };
  }
}
