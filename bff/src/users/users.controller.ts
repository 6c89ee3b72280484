import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Auth } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { optionalId, parseId } from '../common/query-values';
import { CreateUserDto, UpdateUserDto } from './dto/user.dto';
import { UsersService } from './users.service';

/** /users.php: admins only. */
@ApiTags('users')
@Controller('users.php')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @ApiOperation({ summary: 'List users, or one with ?id=' })
  @ApiQuery({ name: 'id', required: false, type: Number })
  @Get()
  async read(@Query('id') id: unknown) {
    const one = optionalId(id);
    return { data: one !== undefined ? await this.users.findById(one) : await this.users.list() };
  }

  @ApiOperation({ summary: 'Create a user' })
  @Post()
  async create(@Auth() user: AuthUser, @Body() dto: CreateUserDto) {
    return { data: await this.users.create(user, dto) };
  }

  @ApiOperation({ summary: 'Update a user (?id=)' })
  @ApiQuery({ name: 'id', required: true, type: Number })
  @Put()
  async update(@Auth() user: AuthUser, @Query('id') id: unknown, @Body() dto: UpdateUserDto) {
    return { data: await this.users.update(user, parseId(id), dto) };
  }

  @ApiOperation({ summary: 'Delete a user (?id=)' })
  @ApiQuery({ name: 'id', required: true, type: Number })
  @Delete()
  async remove(@Auth() user: AuthUser, @Query('id') id: unknown) {
    await this.users.remove(user, parseId(id));
    return { success: true };
  }
}
