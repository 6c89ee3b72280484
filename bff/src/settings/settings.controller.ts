import { ApiData, ApiDataOneOf } from '../openapi/responses';
import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, Public } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { UpdateSettingsDto } from './dto/update-settings.dto';
import { SettingsService } from './settings.service';
import { PublicSiteSettingsView, SiteSettingsView, toPublicSettingsView } from './settings.view';

@ApiTags('settings')
@Controller('settings.php')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @ApiOperation({ summary: 'Site settings: the public subset for visitors, all of them for a signed-in admin' })
  @Public()
  @ApiDataOneOf([PublicSiteSettingsView, SiteSettingsView])
  @Get()
  async get(@Auth() user: AuthUser | undefined) {
    const settings = await this.settings.get();
    return { data: user?.role === 'admin' ? settings : toPublicSettingsView(settings) };
  }

  @ApiOperation({ summary: 'Save site settings (admin)' })
  @ApiData(SiteSettingsView)
  @Put()
  async save(@Auth() user: AuthUser, @Body() dto: UpdateSettingsDto) {
    return { data: await this.settings.update(user, dto) };
  }
}
