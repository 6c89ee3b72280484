import { ApiData, ApiDataOneOrList, ApiSuccess } from '../openapi/responses';
import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { IdQuery, OptionalIdQuery } from '../common/query-fields';
import { CreateUserDto, UpdateUserDto } from './dto/user.dto';
import { UserView } from './user.view';
import { UsersService } from './users.service';

/** /users.php: admins only. */
@ApiTags('users')
@Controller('users.php')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @ApiOperation({ summary: 'List users, or one with ?id=' })
  @ApiDataOneOrList(UserView)
  @Get()
  async read(@Query() { id }: OptionalIdQuery) {
    return { data: id !== undefined ? await this.users.findById(id) : await this.users.list() };
  }

  @ApiOperation({ summary: 'Create a user' })
  @ApiData(UserView, { status: 201 })
  @Post()
  async create(@Auth() user: AuthUser, @Body() dto: CreateUserDto) {
    return { data: await this.users.create(user, dto) };
  }

  @ApiOperation({ summary: 'Update a user (?id=)' })
  @ApiData(UserView)
  @Put()
  async update(@Auth() user: AuthUser, @Query() { id }: IdQuery, @Body() dto: UpdateUserDto) {
    return { data: await this.users.update(user, id, dto) };
  }

  @ApiOperation({ summary: 'Delete a user (?id=)' })
  @ApiSuccess()
  @Delete()
  async remove(@Auth() user: AuthUser, @Query() { id }: IdQuery) {
    await this.users.remove(user, id);
    return { success: true };
  }
}
