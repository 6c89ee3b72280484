import { ApiDataOneOf } from '../openapi/responses';
import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, Public } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { AdminDashboardStats, DashboardService, PublicDashboardStats } from './dashboard.service';

@ApiTags('dashboard')
@Controller('dashboard_stats.php')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @ApiOperation({
    summary: 'totalPapers, totalUsers, totalDownloads; admins also get totalReports, recentActivity, topResources',
  })
  @Public()
  @ApiDataOneOf([PublicDashboardStats, AdminDashboardStats], { description: 'Admins get the admin figures' })
  @Get()
  async stats(@Auth() user: AuthUser | undefined) {
    return { data: user?.role === 'admin' ? await this.dashboard.adminStats() : await this.dashboard.publicStats() };
  }
}
