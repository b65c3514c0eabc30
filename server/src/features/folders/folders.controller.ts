import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Query, UseGuards } from '@nestjs/common';
import { endpoints, type Folder, folderListQuerySchema, type MessageResponse } from '@shrinkly/contract';
import type { z } from 'zod';
import { ZodBodyPipe } from '../../http/zod-body.pipe.js';
import type { UserRow } from '../../db/schema/index.js';
import { CurrentUser, UserAuthGuard } from '../accounts/auth.guards.js';
import { FolderService } from './folder.service.js';

@Controller('api/folders')
@UseGuards(UserAuthGuard)
export class FoldersController {
  constructor(@Inject(FolderService) private readonly folders: FolderService) {}

  @Get()
  list(@CurrentUser() user: UserRow, @Query(new ZodBodyPipe(folderListQuerySchema)) query: z.output<typeof folderListQuerySchema>): Promise<Folder[]> {
    return this.folders.list(user, query.parentId);
  }

  @Post()
  @HttpCode(201)
  create(@CurrentUser() user: UserRow, @Body(new ZodBodyPipe(endpoints.createFolder.request)) body: z.output<typeof endpoints.createFolder.request>): Promise<Folder> {
    return this.folders.create(user, body);
  }

  @Delete(':id')
  async delete(@CurrentUser() user: UserRow, @Param('id') id: string): Promise<MessageResponse> {
    await this.folders.delete(user, id);
    return { message: 'Folder deleted' };
  }
}
